#include "lessonsim/review_queue.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace lessonsim {

std::vector<ReviewItem> interleave(std::vector<ReviewItem> items) {
  std::stable_sort(items.begin(), items.end(), [](const ReviewItem& a, const ReviewItem& b) {
    return a.due.card.due < b.due.card.due;
  });
  std::vector<ReviewItem> out;
  out.reserve(items.size());
  while (!items.empty()) {
    auto next = items.begin();
    if (!out.empty()) {
      const std::string& last = out.back().due.lesson_id;
      next = std::find_if(items.begin(), items.end(),
                          [&](const ReviewItem& i) { return i.due.lesson_id != last; });
      if (next == items.end()) next = items.begin();
    }
    out.push_back(std::move(*next));
    items.erase(next);
  }
  return out;
}

DueCard after_review(const DueCard& card, Rating rating, std::int64_t today,
                     const ReviewScheduler& scheduler) {
  DueCard next = card;
  next.card = scheduler.review(card.card, rating, today);
  if (card.kind == "practice") next.seed = next_seed(card.seed);
  return next;
}

DueCard record_practice(ProgressStore& store, const ReviewItem& item, const PracticeRun& run,
                        std::int64_t today, const ReviewScheduler& scheduler,
                        const std::vector<nlohmann::json>& statements) {
  DueCard next = after_review(item.due, run.rating(), today, scheduler);
  PracticeAttempt attempt;
  attempt.lesson_id = item.due.lesson_id;
  attempt.step_id = item.due.step_id;
  attempt.seed = item.due.seed;
  for (const auto& a : run.actions())
    attempt.actions.push_back(a.to_json());
  attempt.outcome = practice_outcome_name(run.outcome());
  attempt.rating = static_cast<int>(run.rating());
  attempt.day = today;
  store.save_card(next, statements);
  store.log_practice(attempt);
  return next;
}

std::string iso_day(std::int64_t day) {
  using namespace std::chrono;
  year_month_day ymd{sys_days{days{day}}};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return buf;
}

std::optional<std::int64_t> parse_iso_day(const std::string& text) {
  using namespace std::chrono;
  int y = 0;
  unsigned m = 0, d = 0;
  char tail = 0;
  if (text.size() != 10 || std::sscanf(text.c_str(), "%4d-%2u-%2u%c", &y, &m, &d, &tail) != 3) {
    return std::nullopt;
  }
  year_month_day ymd{year{y}, month{m}, day{d}};
  if (!ymd.ok()) return std::nullopt;
  return sys_days{ymd}.time_since_epoch().count();
}

}  // namespace lessonsim
