#include "lessonsim/capability_card.hpp"

#include <cstdio>
#include <ctime>

#include "lessonsim/messages.hpp"

namespace lessonsim {

CardWords card_words(std::string_view locale) {
  return {phrase(locale, "card.heading"), phrase(locale, "card.none_yet"),
          phrase(locale, "card.made_on")};
}

std::string card_progress(int done, int total, std::string_view locale) {
  return tr(locale, Message("card.progress").num("done", done).num("total", total));
}

CapabilityCard capability_card(const Course& course, const std::vector<PathEntry>& path,
                               std::string_view locale, std::string date) {
  CapabilityCard card;
  card.locale = std::string(locale);
  card.course_title = course.title.in(locale);
  card.date = std::move(date);
  card.lessons_in_course = static_cast<int>(path.size());
  for (const auto& p : path) {
    if (p.state != LessonState::done || !p.lesson) continue;
    card.lines.push_back(
        {p.lesson->title.in(locale), summary_text(p.lesson, &Step::can_do, locale), p.done_at});
  }
  return card;
}

std::string card_markdown(const CapabilityCard& card) {
  CardWords w = card_words(card.locale);
  std::string progress =
      card_progress(static_cast<int>(card.lines.size()), card.lessons_in_course, card.locale);
  std::string md = "# " + card.course_title + "\n\n";
  md += "## " + std::string(w.heading) + "\n\n";
  md += std::string(w.made_on) + " " + card.date + " · " + progress + "\n\n";
  if (card.lines.empty()) md += std::string(w.none_yet) + "\n";
  for (const auto& line : card.lines) {
    md += "### " + line.title;
    if (!line.done_at.empty()) md += " (" + line.done_at + ")";
    md += "\n\n";
    if (!line.can_do.empty()) md += line.can_do + "\n\n";
  }
  return md;
}

std::string today_iso() {
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y-%m-%d", &utc);
  return buf;
}

}  // namespace lessonsim
