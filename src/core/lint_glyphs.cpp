// The lint's font check: characters of the lesson's strings that the window's font lacks, said
// once per Unicode block (a Chinese translation is one warning, not one per character).
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

#include <unicode/uchar.h>

#include "lint_detail.hpp"

namespace lessonsim {

namespace {

// How many source characters `c` takes inside a JSON string literal: the escapes a valid file
// must use for it (\" \\ \n \t, \u00XX for the other controls), else one.
int source_width(char32_t c) {
  if (c == '"' || c == '\\' || c == '\n' || c == '\t' || c == '\r' || c == '\b' || c == '\f') {
    return 2;
  }
  return c < 0x20 ? 6 : 1;
}

// One block's characters the font lacks: where the first stands, and how many there are.
struct Missing {
  SourcePos first;
  std::string pointer;
  char32_t example = 0;
  std::string example_text;
  std::size_t characters = 0;
  std::set<char32_t> seen;
};

class GlyphScan {
 public:
  explicit GlyphScan(const LintOptions& options) : options_(options) {}

  // Every string under `node` but the playthroughs (a scripted learner's words are never shown)
  // and `$schema`.
  void walk(const JsonNode& node, const std::string& pointer) {
    if (node.is_string()) {
      scan(node, pointer);
    } else if (node.is_array()) {
      for (std::size_t k = 0; k < node.items.size(); ++k)
        walk(node.items[k], pointer + "/" + std::to_string(k));
    } else if (node.is_object()) {
      for (const auto& m : node.members) {
        if (pointer.empty() && (m.key == "playthroughs" || m.key == "$schema")) continue;
        walk(m.value, pointer + "/" + pointer_escape(m.key));
      }
    }
  }

  void report(Diagnostics& diags) const {
    for (int block : order_) {  // in the order the file first uses each block
      const Missing& m = by_block_.at(block);
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(m.example));
      const char* long_name = u_getPropertyValueName(UCHAR_BLOCK, block, U_LONG_PROPERTY_NAME);
      // ICU writes "CJK_Unified_Ideographs"; the Unicode charts write it with spaces.
      std::string name = long_name ? long_name : "?";
      std::replace(name.begin(), name.end(), '_', ' ');
      std::string what = std::string(code) + " '" + m.example_text + "'";
      if (m.characters > 1) {
        what += " and " + std::to_string(m.characters - 1) + " other character" +
                (m.characters > 2 ? "s" : "") + " of the Unicode block " + name;
      }
      const bool one = m.characters == 1;
      diags.warning(m.first,
                    what + (one ? " is" : " are") + " not in the window's font (" +
                        options_.font_name + "): the window takes " + (one ? "it" : "them") +
                        " from another installed font that has " + (one ? "it" : "them") +
                        ", or shows '?' on a machine with none",
                    m.pointer);
    }
  }

 private:
  void scan(const JsonNode& string, const std::string& pointer) {
    const std::string& s = string.text;
    int column = string.pos.column + 1;
    for (std::size_t i = 0; i < s.size();) {
      auto b = static_cast<unsigned char>(s[i]);
      int extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
      char32_t cp = extra == 0 ? b : b & (0x3F >> extra);
      for (int k = 1; k <= extra && i + static_cast<std::size_t>(k) < s.size(); ++k)
        cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
      if (cp >= 0x20 && !options_.can_draw(cp)) {
        const int block = ublock_getCode(static_cast<UChar32>(cp));
        Missing& m = by_block_[block];
        if (m.characters == 0) {
          order_.push_back(block);
          m.first = {string.pos.line, column};
          m.pointer = pointer;
          m.example = cp;
          m.example_text = s.substr(i, static_cast<std::size_t>(extra) + 1);
        }
        if (m.seen.insert(cp).second) ++m.characters;
      }
      column += source_width(cp);
      i += static_cast<std::size_t>(extra) + 1;
    }
  }

  const LintOptions& options_;
  std::map<int, Missing> by_block_;
  std::vector<int> order_;
};

}  // namespace

namespace lint_detail {

void lint_glyphs(const JsonNode& root, Diagnostics& diags, const LintOptions& options) {
  GlyphScan scan(options);
  scan.walk(root, "");
  scan.report(diags);
}

}  // namespace lint_detail

}  // namespace lessonsim
