#include "picture.hpp"

namespace lessonsim::ui {

namespace {

std::vector<TextBox>* text_sink = nullptr;

}  // namespace

TextRecording::TextRecording(std::vector<TextBox>* texts) : outer_(text_sink) {
  text_sink = texts;
}

TextRecording::~TextRecording() {
  text_sink = outer_;
}

std::vector<TextBox>* recorded_texts() {
  return text_sink;
}

}  // namespace lessonsim::ui
