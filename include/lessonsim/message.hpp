// A text the program says, as data: a catalog message id with named arguments, rendered in the
// learner's locale by the catalogs (messages.hpp). The core returns these, never finished text.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lessonsim {

struct Message;

struct MessageArg {
  enum class Kind {
    number,   // a count, formatted by ICU and usable in `{n, plural, ...}`
    amount,   // a measured quantity, written by format_number (one decimal, two below 10)
    text,     // a string used as it is (a name from a catalog file, a lesson id)
    message,  // another message, rendered in the same locale first
    day,      // a calendar day (days since 1970-01-01), written as the locale writes dates
  };
  std::string name;
  Kind kind = Kind::text;
  double number = 0;
  std::string text;
  std::vector<Message> nested;  // one element for Kind::message
};

struct Message {
  std::string id;
  std::vector<MessageArg> args;

  Message() = default;
  Message(std::string message_id) : id(std::move(message_id)) {}  // NOLINT: ids read as text
  Message(const char* message_id) : id(message_id) {}             // NOLINT

  // Builders, so a call site reads `Message("gpu.too_many").num("max", 8)`.
  Message& num(std::string name, double value) &;
  Message&& num(std::string name, double value) &&;
  Message& amount(std::string name, double value) &;
  Message&& amount(std::string name, double value) &&;
  Message& text(std::string name, std::string value) &;
  Message&& text(std::string name, std::string value) &&;
  Message& day(std::string name, std::int64_t days_since_epoch) &;
  Message&& day(std::string name, std::int64_t days_since_epoch) &&;
  Message& msg(std::string name, Message value) &;
  Message&& msg(std::string name, Message value) &&;

  bool empty() const { return id.empty(); }
  friend bool operator==(const Message&, const Message&);
};

bool operator==(const MessageArg&, const MessageArg&);

}  // namespace lessonsim
