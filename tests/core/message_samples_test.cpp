#include "lessonsim/message_samples.hpp"

#include <catch2/catch.hpp>

#include "lessonsim/messages.hpp"

using lessonsim::message_arguments;
using Args = std::map<std::string, std::string>;

TEST_CASE("message samples: the arguments a pattern names, and how each is used") {
  CHECK(message_arguments("no arguments") == Args{});
  CHECK(message_arguments("{gpus} GPUs on {site}") == Args{{"gpus", "plain"}, {"site", "plain"}});
  CHECK(message_arguments("{n, plural, one {# GPU of {x}} other {# GPUs}}") ==
        Args{{"n", "number"}, {"x", "plain"}});
  CHECK(message_arguments("{p, number, ::compact-long} and {d, date, long}") ==
        Args{{"d", "date"}, {"p", "number"}});
  CHECK(message_arguments("{k, select, air {Air {w}} other {Liquid}}") ==
        Args{{"k", "select"}, {"w", "plain"}});
  // Quoted braces are text, and a doubled apostrophe is one apostrophe.
  CHECK(message_arguments("'{not}' it''s {yes}") == Args{{"yes", "plain"}});
  // A broken pattern gives what was read before the fault, and stops.
  CHECK(message_arguments("{a} {b, plural, one {x") == Args{{"a", "plain"}, {"b", "number"}});
}

TEST_CASE("message samples: every message of every locale, with numbers, text and a day") {
  lessonsim::Messages messages;
  lessonsim::Diagnostics diags("test.json");
  REQUIRE(messages.add("en", R"({"a": "{n, plural, one {# GPU} other {# GPUs}}", "b": "{x}!"})",
                       diags));
  REQUIRE(messages.add("es", R"({"a": "{n, plural, one {# GPU} other {# GPU}}"})", diags));
  auto samples = lessonsim::message_samples(messages);
  REQUIRE(samples["en"]["a"].size() == 8);
  CHECK(samples["en"]["a"][1] == "1 GPU");
  CHECK(samples["en"]["a"][4] == "2,500 GPUs");
  CHECK(samples["es"]["a"][2] == "2 GPU");
  // A plain argument once as a number, once as text.
  CHECK(samples["en"]["b"][4] == "2,500!");
  CHECK(samples["en"]["b"][7] == "«x»!");
  CHECK_FALSE(samples["es"].contains("b"));
}
