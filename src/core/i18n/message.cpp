#include "lessonsim/message.hpp"

namespace lessonsim {

namespace {

MessageArg make(std::string name, MessageArg::Kind kind) {
  MessageArg a;
  a.name = std::move(name);
  a.kind = kind;
  return a;
}

}  // namespace

Message& Message::num(std::string name, double value) & {
  args.push_back(make(std::move(name), MessageArg::Kind::number));
  args.back().number = value;
  return *this;
}
Message&& Message::num(std::string name, double value) && {
  return std::move(num(std::move(name), value));
}

Message& Message::amount(std::string name, double value) & {
  args.push_back(make(std::move(name), MessageArg::Kind::amount));
  args.back().number = value;
  return *this;
}
Message&& Message::amount(std::string name, double value) && {
  return std::move(amount(std::move(name), value));
}

Message& Message::text(std::string name, std::string value) & {
  args.push_back(make(std::move(name), MessageArg::Kind::text));
  args.back().text = std::move(value);
  return *this;
}
Message&& Message::text(std::string name, std::string value) && {
  return std::move(text(std::move(name), std::move(value)));
}

Message& Message::day(std::string name, std::int64_t days_since_epoch) & {
  args.push_back(make(std::move(name), MessageArg::Kind::day));
  args.back().number = static_cast<double>(days_since_epoch);
  return *this;
}
Message&& Message::day(std::string name, std::int64_t days_since_epoch) && {
  return std::move(day(std::move(name), days_since_epoch));
}

Message& Message::msg(std::string name, Message value) & {
  args.push_back(make(std::move(name), MessageArg::Kind::message));
  args.back().nested.push_back(std::move(value));
  return *this;
}
Message&& Message::msg(std::string name, Message value) && {
  return std::move(msg(std::move(name), std::move(value)));
}

bool operator==(const MessageArg& a, const MessageArg& b) {
  return a.name == b.name && a.kind == b.kind && a.number == b.number && a.text == b.text &&
         a.nested == b.nested;
}

bool operator==(const Message& a, const Message& b) {
  return a.id == b.id && a.args == b.args;
}

}  // namespace lessonsim
