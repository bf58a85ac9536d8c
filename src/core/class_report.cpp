#include "lessonsim/class_report.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace lessonsim {

namespace {

// One statement, read for the report; `ok` is false for one that is not about this course.
struct Said {
  bool ok = false;
  std::string actor, verb, lesson, step, at, response;
  std::optional<bool> success;
  const nlohmann::json* object = nullptr;
  const nlohmann::json* result = nullptr;
};

std::string class_string(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool in_review(const nlohmann::json& s, const std::string& category) {
  const nlohmann::json* c = &s;
  for (const char* key : {"context", "contextActivities", "category"}) {
    if (!c->is_object() || !c->contains(key)) return false;
    c = &(*c)[key];
  }
  if (!c->is_array()) return false;
  return std::any_of(c->begin(), c->end(), [&](const nlohmann::json& a) {
    return a.is_object() && class_string(a, "id") == category;
  });
}

Said read_said(const nlohmann::json& s, const xapi::Identity& identity) {
  Said out;
  if (!s.is_object() || !s.contains("actor") || !s.contains("verb") || !s.contains("object")) {
    return out;
  }
  const nlohmann::json& actor = s["actor"];
  if (!actor.is_object() || !actor.contains("account") || !actor["account"].is_object()) return out;
  out.actor = class_string(actor["account"], "name");
  out.verb = s["verb"].is_object() ? class_string(s["verb"], "id") : std::string();
  out.object = &s["object"];
  std::string id = out.object->is_object() ? class_string(*out.object, "id") : std::string();
  std::string prefix = identity.course_activity() + "/";
  if (out.actor.empty() || !id.starts_with(prefix) || in_review(s, identity.review_category())) {
    return out;
  }
  std::string rest = id.substr(prefix.size());
  auto slash = rest.find('/');
  out.lesson = rest.substr(0, slash);
  if (slash != std::string::npos) out.step = rest.substr(slash + 1);
  out.at = class_string(s, "timestamp");
  if (auto r = s.find("result"); r != s.end() && r->is_object()) {
    out.result = &*r;
    out.response = class_string(*r, "response");
    if (auto ok = r->find("success"); ok != r->end() && ok->is_boolean())
      out.success = ok->get<bool>();
  }
  out.ok = !out.lesson.empty();
  return out;
}

// The first string of a language map (the statements' own order of languages).
std::string first_words(const nlohmann::json& map) {
  if (!map.is_object()) return {};
  for (const auto& [lang, words] : map.items()) {
    if (words.is_string()) return words.get<std::string>();
  }
  return {};
}

const nlohmann::json* definition_of(const Said& s) {
  if (!s.object || !s.object->is_object()) return nullptr;
  auto d = s.object->find("definition");
  return d != s.object->end() && d->is_object() ? &*d : nullptr;
}

double median(std::vector<int> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

struct QuestionTally {
  std::map<std::string, const Said*> first;  // actor -> earliest answer
  std::string name, kind;
  std::map<std::string, std::string> choice_words;
};

struct OperateTally {
  std::map<std::string, const Said*> first;  // actor -> earliest completion
  std::string name;
  std::map<std::string, int> rules;
};

}  // namespace

ClassReport class_report(const std::vector<nlohmann::json>& statements,
                         const xapi::Identity& identity,
                         const std::vector<std::string>& lesson_order) {
  ClassReport report;
  report.statements = statements.size();
  std::vector<Said> said;
  said.reserve(statements.size());
  for (const auto& s : statements) {
    Said one = read_said(s, identity);
    if (one.ok) said.push_back(std::move(one));
  }
  std::stable_sort(said.begin(), said.end(),
                   [](const Said& a, const Said& b) { return a.at < b.at; });

  std::map<std::string, std::set<std::string>> started, finished;
  std::map<std::string, std::string> lesson_names;
  std::map<std::string, QuestionTally> questions;
  std::map<std::string, OperateTally> operates;
  std::map<std::string, const Said*> latest;
  std::map<std::string, std::set<std::string>> done_by;
  const std::string actions_key = identity.extension("actions");
  const std::string feedback_key = identity.extension("feedback");
  const std::string kind_key = identity.extension("step-kind");
  for (const Said& s : said) {
    latest[s.actor] = &s;
    const nlohmann::json* def = definition_of(s);
    if (s.step.empty()) {
      if (def && lesson_names[s.lesson].empty())
        lesson_names[s.lesson] = first_words((*def)["name"]);
      if (s.verb == xapi::verb_initialized) started[s.lesson].insert(s.actor);
      if (s.verb == xapi::verb_completed) {
        finished[s.lesson].insert(s.actor);
        done_by[s.actor].insert(s.lesson);
      }
      continue;
    }
    std::string key = s.lesson + "/" + s.step;
    if (s.verb == xapi::verb_answered) {
      QuestionTally& q = questions[key];
      q.first.emplace(s.actor, &s);
      if (def) {
        if (q.name.empty() && def->contains("name")) q.name = first_words((*def)["name"]);
        if (def->contains("extensions") && (*def)["extensions"].is_object())
          q.kind = class_string((*def)["extensions"], kind_key.c_str());
        if (auto c = def->find("choices"); c != def->end() && c->is_array()) {
          for (const auto& choice : *c) {
            if (choice.is_object() && choice.contains("description"))
              q.choice_words[class_string(choice, "id")] = first_words(choice["description"]);
          }
        }
      }
    } else if (s.verb == xapi::verb_completed) {
      OperateTally& o = operates[key];
      o.first.emplace(s.actor, &s);
      if (def && o.name.empty() && def->contains("name")) o.name = first_words((*def)["name"]);
      const nlohmann::json* ext =
          s.result && s.result->contains("extensions") ? &(*s.result)["extensions"] : nullptr;
      if (ext && ext->is_object() && ext->contains(feedback_key) &&
          (*ext)[feedback_key].is_object()) {
        for (const auto& [rule, times] : (*ext)[feedback_key].items()) {
          if (times.is_number_integer()) o.rules[rule] += times.get<int>();
        }
      }
    }
  }

  // Lessons in the course's order, then any other the statements name.
  std::vector<std::string> order = lesson_order;
  std::set<std::string> named;
  for (const auto& m : {started, finished}) {
    for (const auto& [id, who] : m)
      named.insert(id);
  }
  for (const auto& id : named) {
    if (std::find(order.begin(), order.end(), id) == order.end()) order.push_back(id);
  }
  auto rank = [&](const std::string& lesson) {
    auto it = std::find(order.begin(), order.end(), lesson);
    return it == order.end() ? order.size() : static_cast<std::size_t>(it - order.begin());
  };
  for (const auto& id : order) {
    if (!named.count(id)) continue;
    report.lessons.push_back({id, lesson_names[id], static_cast<int>(started[id].size()),
                              static_cast<int>(finished[id].size())});
  }

  for (auto& [key, q] : questions) {
    ClassReport::QuestionRow row;
    row.lesson = key.substr(0, key.find('/'));
    row.step = key.substr(key.find('/') + 1);
    row.name = q.name;
    row.kind = q.kind;
    std::map<std::string, int> wrong;
    for (const auto& [actor, s] : q.first) {
      ++row.learners;
      if (s->success.value_or(false)) {
        ++row.right;
      } else {
        ++wrong[s->response];
      }
    }
    for (const auto& [choice, n] : wrong) {
      if (n > row.top_wrong_count) {
        row.top_wrong = choice;
        row.top_wrong_count = n;
      }
    }
    if (auto w = q.choice_words.find(row.top_wrong); w != q.choice_words.end())
      row.top_wrong_text = w->second;
    report.questions.push_back(std::move(row));
  }
  for (auto& [key, o] : operates) {
    ClassReport::OperateRow row;
    row.lesson = key.substr(0, key.find('/'));
    row.step = key.substr(key.find('/') + 1);
    row.name = o.name;
    std::vector<int> actions;
    for (const auto& [actor, s] : o.first) {
      ++row.learners;
      const nlohmann::json* ext =
          s->result && s->result->contains("extensions") ? &(*s->result)["extensions"] : nullptr;
      if (ext && ext->is_object() && ext->contains(actions_key) &&
          (*ext)[actions_key].is_number_integer()) {
        actions.push_back((*ext)[actions_key].get<int>());
      }
    }
    row.median_actions = median(actions);
    row.rules.assign(o.rules.begin(), o.rules.end());
    std::stable_sort(row.rules.begin(), row.rules.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    report.operate_steps.push_back(std::move(row));
  }
  auto by_course = [&](const auto& a, const auto& b) {
    return std::pair(rank(a.lesson), a.step) < std::pair(rank(b.lesson), b.step);
  };
  std::stable_sort(report.questions.begin(), report.questions.end(), by_course);
  std::stable_sort(report.operate_steps.begin(), report.operate_steps.end(), by_course);

  for (const auto& [actor, s] : latest) {
    ClassReport::LearnerRow row{actor,   s->lesson,
                                s->step, xapi::verb_name(s->verb),
                                s->at,   static_cast<int>(done_by[actor].size()),
                                false};
    row.finished = s->step.empty() && done_by[actor].count(s->lesson) > 0;
    report.learners.push_back(std::move(row));
  }
  return report;
}

nlohmann::json to_json(const ClassReport& r) {
  nlohmann::json lessons = nlohmann::json::array(), questions = nlohmann::json::array(),
                 operate = nlohmann::json::array(), learners = nlohmann::json::array();
  for (const auto& l : r.lessons)
    lessons.push_back(
        {{"id", l.id}, {"name", l.name}, {"started", l.started}, {"finished", l.finished}});
  for (const auto& q : r.questions) {
    questions.push_back(
        {{"lesson", q.lesson},
         {"step", q.step},
         {"name", q.name},
         {"kind", q.kind},
         {"learners", q.learners},
         {"right", q.right},
         {"share_right", q.learners ? static_cast<double>(q.right) / q.learners : 0.0},
         {"top_wrong", q.top_wrong.empty() ? nlohmann::json(nullptr)
                                           : nlohmann::json{{"choice", q.top_wrong},
                                                            {"text", q.top_wrong_text},
                                                            {"learners", q.top_wrong_count}}}});
  }
  for (const auto& o : r.operate_steps) {
    nlohmann::json rules = nlohmann::json::array();
    for (const auto& [rule, n] : o.rules)
      rules.push_back({{"rule", rule}, {"fired", n}});
    operate.push_back({{"lesson", o.lesson},
                       {"step", o.step},
                       {"name", o.name},
                       {"learners", o.learners},
                       {"median_actions", o.median_actions},
                       {"feedback", rules}});
  }
  for (const auto& l : r.learners) {
    learners.push_back({{"name", l.name},
                        {"lesson", l.lesson},
                        {"step", l.step},
                        {"verb", l.verb},
                        {"at", l.at},
                        {"finished", l.finished},
                        {"lessons_finished", l.lessons_finished}});
  }
  return {{"statements", r.statements},
          {"lessons", lessons},
          {"questions", questions},
          {"operate_steps", operate},
          {"learners", learners}};
}

}  // namespace lessonsim
