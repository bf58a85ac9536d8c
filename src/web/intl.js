// The browser's half of the message engine (src/web/intl_engine.cpp): ICU MessageFormat patterns
// by formatjs' intl-messageformat, numbers and language names by the browser's Intl, written as
// ICU writes them on the desktop (a test holds the two to the same text).
import { IntlMessageFormat } from './intl-messageformat.js';

const compiled = [];  // handle -> {ast, locale, by_numbers: Map}
const number_formats = new Map();

// A number in a message is written as lesson text writes it (format_number, text.hpp: one
// decimal, two below 10, CLDR's grouping), as the desktop's ICU engine writes it: a plain `{n}`,
// an unstyled `{n, number}` and a plural's `#` read `n__text`, filled with that text (or the
// text the core gave, a yes or no that selects on its number); a plural's or select's choice
// and a styled number (`::compact-long`) read the number itself.
function with_numbers(elements, numeric, plural = null) {
  return elements.map((el) => {
    if ((el.type === 1 || (el.type === 2 && !el.style)) && numeric.has(el.value))
      return { type: 1, value: el.value + '__text' };
    if (el.type === 7 && plural) {
      const name = plural.offset ? `${plural.name}__less${plural.offset}` : plural.name + '__text';
      return { type: 1, value: name };
    }
    if (el.type === 5 || el.type === 6) {
      const inner = el.type === 6 ? { name: el.value, offset: el.offset || 0 } : null;
      const options = {};
      for (const [key, option] of Object.entries(el.options)) {
        options[key] = { ...option, value: with_numbers(option.value, numeric, inner) };
      }
      return { ...el, options };
    }
    return el;
  });
}

// The plurals' offsets in a pattern, so `n__lessK` can be filled with the text of n - K.
function offsets(elements, out = new Set()) {
  for (const el of elements) {
    if (el.type === 6 && el.offset) out.add(el.offset);
    if (el.type === 5 || el.type === 6)
      for (const option of Object.values(el.options)) offsets(option.value, out);
  }
  return out;
}

function make(pattern_or_ast, locale) {
  // ICU has no tags: `<b>` is text there, so it is text here too.
  return new IntlMessageFormat(pattern_or_ast, locale, undefined, { ignoreTag: true });
}

// format_number (src/core/i18n/number_format.cpp) over lessonsimIntl.number, as the core
// computes it over the engine's format_decimals.
function lesson_number(value, locale) {
  if (!Number.isFinite(value)) return '—';
  const decimals = Math.abs(value) >= 10 ? 1 : 2;
  if (Math.abs(value) < 0.5 * Math.pow(10, -decimals)) value = 0;
  return lessonsimIntl.number(value, locale, decimals, false);
}

export const lessonsimIntl = {
  check(pattern, locale) {
    try {
      make(pattern, locale);
      return null;
    } catch (e) {
      const at = e && e.location && e.location.start ? e.location.start.offset : -1;
      return { reason: String((e && e.message) || e), offset: at };
    }
  },
  compile(pattern, locale) {
    try {
      const ast = make(pattern, locale).getAst();
      compiled.push({ ast, locale, by_numbers: new Map() });
      return compiled.length - 1;
    } catch (e) {
      return -1;
    }
  },
  format(handle, values_json) {
    const entry = compiled[handle];
    const values = {};
    const numeric = [];
    const shifts = entry.offsets || (entry.offsets = [...offsets(entry.ast)]);
    for (const v of JSON.parse(values_json)) {
      if (v.kind === 'number') {
        values[v.name] = v.number;
        values[v.name + '__text'] = v.text !== '' ? v.text : lesson_number(v.number, entry.locale);
        for (const k of shifts)
          values[`${v.name}__less${k}`] = lesson_number(v.number - k, entry.locale);
        numeric.push(v.name);
      } else if (v.kind === 'date') {
        values[v.name] = new Date(v.number);
      } else {
        values[v.name] = v.text;
      }
    }
    const key = numeric.sort().join('\n');
    let format = entry.by_numbers.get(key);
    if (!format) {
      format = make(with_numbers(entry.ast, new Set(numeric)), entry.locale);
      entry.by_numbers.set(key, format);
    }
    try {
      const out = format.format(values);
      return Array.isArray(out) ? out.join('') : String(out);
    } catch (e) {
      return null;
    }
  },
  // ICU's NumberFormatter: the locale's separators and grouping, rounding half to even.
  number(value, locale, decimals, keep_zeros) {
    const key = locale + '|' + decimals + '|' + keep_zeros;
    let format = number_formats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: keep_zeros ? decimals : 0,
        maximumFractionDigits: decimals,
        roundingMode: 'halfEven',
      });
      number_formats.set(key, format);
    }
    return format.format(value);
  },
  language_name(locale) {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) || '';
    } catch (e) {
      return '';
    }
  },
  known_language(language) {
    try {
      return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(language) !==
          undefined;
    } catch (e) {
      return false;
    }
  },
};
