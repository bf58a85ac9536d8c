// The lint's reading of texts: panel budgets, translations that lost part of their original,
// and glossary terms the lesson never uses.
#include <algorithm>

#include "lint_detail.hpp"

namespace lessonsim {

namespace {

struct TextRef {
  std::string pointer;
  const JsonNode* node;
  int budget;
  const char* role;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// A term is not translated, so lessons write "Parámetro / Parameter": either name is a use.
std::vector<std::string> alternatives(const std::string& term) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= term.size()) {
    std::size_t slash = term.find('/', start);
    std::string part = term.substr(start, slash == std::string::npos ? slash : slash - start);
    std::size_t first = part.find_first_not_of(' ');
    std::size_t last = part.find_last_not_of(' ');
    if (first != std::string::npos) out.push_back(lower(part.substr(first, last - first + 1)));
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return out;
}

void add(std::vector<TextRef>& out, const JsonNode& parent, const std::string& pointer,
         const char* key, int budget, const char* role) {
  if (const JsonNode* n = parent.find(key); n && n->is_object()) {
    out.push_back({pointer + "/" + key, n, budget, role});
  }
}

// Every text of the lesson with the budget of the panel that shows it.
std::vector<TextRef> texts(const JsonNode& root, const TextBudgets& b) {
  std::vector<TextRef> out;
  add(out, root, "", "title", b.title, "lesson title");
  if (const JsonNode* steps = root.find("steps"); steps && steps->is_array()) {
    for (std::size_t k = 0; k < steps->items.size(); ++k) {
      const JsonNode& s = steps->items[k];
      std::string at = "/steps/" + std::to_string(k);
      add(out, s, at, "title", b.title, "step title");
      add(out, s, at, "text", b.body, "step text");
      add(out, s, at, "prompt", b.prompt, "prompt");
      add(out, s, at, "explain", b.explanation, "explanation");
      add(out, s, at, "reveal", b.reveal, "reveal");
      add(out, s, at, "key_idea", b.summary_part, "key idea");
      add(out, s, at, "can_do", b.summary_part, "\"can do\" line");
      add(out, s, at, "leads_to", b.summary_part, "\"leads to\" line");
      if (const JsonNode* choices = s.find("choices"); choices && choices->is_array()) {
        for (std::size_t c = 0; c < choices->items.size(); ++c) {
          const JsonNode& choice = choices->items[c];
          std::string cat = at + "/choices/" + std::to_string(c);
          if (choice.find("text")) {
            add(out, choice, cat, "text", b.choice, "choice");
            add(out, choice, cat, "feedback", b.explanation, "choice feedback");
          } else if (choice.is_object()) {
            out.push_back({cat, &choice, b.choice, "choice"});
          }
        }
      }
      if (const JsonNode* rules = s.find("feedback"); rules && rules->is_array()) {
        for (std::size_t r = 0; r < rules->items.size(); ++r) {
          add(out, rules->items[r], at + "/feedback/" + std::to_string(r), "say", b.feedback,
              "feedback");
        }
      }
    }
  }
  if (const JsonNode* glossary = root.find("glossary"); glossary && glossary->is_array()) {
    for (std::size_t k = 0; k < glossary->items.size(); ++k) {
      add(out, glossary->items[k], "/glossary/" + std::to_string(k), "definition", b.definition,
          "glossary definition");
    }
  }
  return out;
}

void lint_lengths(const TextRef& t, Diagnostics& diags, const LintOptions& options) {
  int longest = 0;
  std::string longest_locale;
  std::vector<int> lengths;
  for (const auto& m : t.node->members) {
    int n = display_length(m.value.text, options.budgets.placeholder_chars);
    lengths.push_back(n);
    if (n > longest) longest = n, longest_locale = m.key;
    if (n > t.budget) {
      diags.warning(m.value.pos,
                    "this " + m.key + " " + t.role + " is " + std::to_string(n) +
                        " characters; its panel shows about " + std::to_string(t.budget) +
                        " at 1280x800 without scrolling, so shorten it or split it across steps",
                    t.pointer + "/" + pointer_escape(m.key));
    }
  }
  if (longest < options.translation_min_chars) return;
  for (std::size_t k = 0; k < t.node->members.size(); ++k) {
    const JsonMember& m = t.node->members[k];
    int n = lengths[k];
    if (n >= options.translation_ratio * longest) continue;
    diags.warning(m.value.pos,
                  "the " + m.key + " " + t.role + " is " + std::to_string(n) +
                      " characters, under " +
                      std::to_string(static_cast<int>(options.translation_ratio * 100 + 0.5)) +
                      "% of the " + longest_locale + " one (" + std::to_string(longest) +
                      "): is part of the translation missing?",
                  t.pointer + "/" + pointer_escape(m.key));
  }
}

}  // namespace

namespace lint_detail {

void lint_texts(const JsonNode& root, Diagnostics& diags, const LintOptions& options) {
  std::vector<TextRef> all = texts(root, options.budgets);
  for (const TextRef& t : all)
    lint_lengths(t, diags, options);

  const JsonNode* glossary = root.find("glossary");
  if (!glossary || !glossary->is_array()) return;
  // Every text once, lowercased, with the pointer of the text it belongs to.
  std::vector<std::pair<const std::string*, std::string>> haystacks;
  for (const TextRef& t : all) {
    for (const auto& m : t.node->members)
      haystacks.emplace_back(&t.pointer, lower(m.value.text));
  }
  for (std::size_t k = 0; k < glossary->items.size(); ++k) {
    const JsonNode* term = glossary->items[k].find("term");
    if (!term) continue;
    // A term is one string for every locale, or a text when the locales write it differently.
    std::vector<std::string> names;
    std::string shown = term->text;
    if (term->is_string()) {
      names = alternatives(term->text);
    } else if (term->is_object()) {
      for (const auto& m : term->members) {
        for (auto& name : alternatives(m.value.text))
          names.push_back(std::move(name));
        shown += (shown.empty() ? "" : " / ") + m.value.text;
      }
    }
    if (names.empty()) continue;
    std::string own = "/glossary/" + std::to_string(k) + "/definition";
    // Any text counts, other entries' definitions too: the learner meets the word there.
    bool used = std::any_of(haystacks.begin(), haystacks.end(), [&](const auto& h) {
      return *h.first != own && std::any_of(names.begin(), names.end(), [&](const std::string& n) {
        return h.second.find(n) != std::string::npos;
      });
    });
    if (!used) {
      std::string pointer = "/glossary/" + std::to_string(k) + "/term";
      diags.warning(term->pos,
                    "the glossary term \"" + shown +
                        "\" appears in no text of the lesson; use it or remove the entry",
                    pointer);
    }
  }
}

}  // namespace lint_detail

}  // namespace lessonsim
