#include "icu_number_args.hpp"

#include <unicode/messagepattern.h>

#include <algorithm>

#include "lessonsim/text.hpp"

namespace lessonsim::detail {

namespace {

constexpr std::string_view value_suffix = "__value";

icu::UnicodeString u16_of(std::string_view s) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

std::string u8_of(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

struct Edit {
  int32_t start = 0;
  int32_t length = 0;
  icu::UnicodeString text;
};

// The argument a `#` belongs to: the innermost plural (ICU parses `#` only directly in one).
struct Open {
  std::string name;
  double offset = 0;
};

}  // namespace

NumberTextPattern numbers_as_text(const icu::UnicodeString& pattern) {
  NumberTextPattern out;
  out.pattern = pattern;
  UErrorCode status = U_ZERO_ERROR;
  icu::MessagePattern parsed(status);
  parsed.parse(pattern, nullptr, status);
  if (U_FAILURE(status) || parsed.hasNumberedArguments()) {
    out.as_text = false;
    return out;
  }
  std::vector<Edit> edits;
  std::vector<Open> open;
  const int32_t parts = parsed.countParts();
  for (int32_t i = 0; i < parts; ++i) {
    const icu::MessagePattern::Part& part = parsed.getPart(i);
    const UMessagePatternPartType type = part.getType();
    if (type == UMSGPAT_PART_TYPE_ARG_LIMIT) {
      if (!open.empty()) open.pop_back();
      continue;
    }
    if (type == UMSGPAT_PART_TYPE_REPLACE_NUMBER && !open.empty()) {
      const Open& arg = open.back();
      std::string name = arg.name;
      if (arg.offset != 0) {
        name += "__less" + std::to_string(out.offsets.size());
        out.offsets.push_back({name, arg.name, arg.offset});
      }
      edits.push_back({part.getIndex(), part.getLength(), u16_of("{" + name + "}")});
      continue;
    }
    if (type != UMSGPAT_PART_TYPE_ARG_START) continue;
    const UMessagePatternArgType arg_type = part.getArgType();
    const icu::MessagePattern::Part& name_part = parsed.getPart(i + 1);
    const std::string name = u8_of(parsed.getSubstring(name_part));
    const bool plain_number =
        arg_type == UMSGPAT_ARG_TYPE_SIMPLE &&
        parsed.getSubstring(parsed.getPart(i + 2)) == icu::UnicodeString(u"number") &&
        parsed.getPart(i + 3).getType() != UMSGPAT_PART_TYPE_ARG_STYLE;
    if (plain_number) {
      // `{n, number}`: the number as text, `{n}`; its parts end at its ARG_LIMIT.
      const int32_t limit = parsed.getLimitPartIndex(i);
      const int32_t end = parsed.getPart(limit).getLimit();
      edits.push_back({part.getIndex(), end - part.getIndex(), u16_of("{" + name + "}")});
      i = limit;
      continue;
    }
    const bool plural =
        arg_type == UMSGPAT_ARG_TYPE_PLURAL || arg_type == UMSGPAT_ARG_TYPE_SELECTORDINAL;
    open.push_back({name, plural ? parsed.getPluralOffset(i + 2) : 0.0});
    if (arg_type != UMSGPAT_ARG_TYPE_NONE) {
      edits.push_back(
          {name_part.getIndex(), name_part.getLength(), u16_of(name + std::string(value_suffix))});
    }
  }
  icu::UnicodeString rewritten;
  int32_t at = 0;
  for (const Edit& e : edits) {
    rewritten.append(pattern, at, e.start - at).append(e.text);
    at = e.start + e.length;
  }
  rewritten.append(pattern, at, pattern.length() - at);
  out.pattern = rewritten;
  return out;
}

void NumberTextArgs::both(std::string_view name, const icu::Formattable& text,
                          const icu::Formattable& value) {
  names_.push_back(u16_of(name));
  values_.push_back(text);
  names_.push_back(u16_of(std::string(name) + std::string(value_suffix)));
  values_.push_back(value);
}

void NumberTextArgs::number(std::string_view name, double value) {
  if (!as_text_) {
    other(name, icu::Formattable(value));
    return;
  }
  both(name, icu::Formattable(u16_of(format_number(value, locale_))), icu::Formattable(value));
  numbers_.emplace_back(std::string(name), value);
}

void NumberTextArgs::other(std::string_view name, const icu::Formattable& value) {
  both(name, value, value);
}

void NumberTextArgs::fill(const std::vector<OffsetSlot>& offsets) {
  for (const OffsetSlot& slot : offsets) {
    auto it = std::find_if(numbers_.begin(), numbers_.end(),
                           [&](const auto& n) { return n.first == slot.source; });
    if (it == numbers_.end()) continue;
    names_.push_back(u16_of(slot.slot));
    values_.emplace_back(u16_of(format_number(it->second - slot.offset, locale_)));
  }
}

}  // namespace lessonsim::detail
