// The browser's half of the message engine (src/web/intl_engine.cpp): ICU MessageFormat patterns
// by formatjs' intl-messageformat, numbers and language names by the browser's Intl, written as
// ICU writes them on the desktop (a test holds the two to the same text).
import { IntlMessageFormat } from './intl-messageformat.js';

const compiled = [];  // handle -> {ast, locale, by_numbers: Map}
const number_formats = new Map();

// ICU writes a number in a plain `{n}` as the locale writes numbers; intl-messageformat writes
// String(n). So for the arguments that are numbers, a plain argument becomes `{n, number}`.
function with_numbers(elements, numeric) {
  return elements.map((el) => {
    if (el.type === 1 && numeric.has(el.value)) return { type: 2, value: el.value, style: null };
    if (el.type === 5 || el.type === 6) {
      const options = {};
      for (const [key, option] of Object.entries(el.options)) {
        options[key] = { ...option, value: with_numbers(option.value, numeric) };
      }
      return { ...el, options };
    }
    return el;
  });
}

function make(pattern_or_ast, locale) {
  // ICU has no tags: `<b>` is text there, so it is text here too.
  return new IntlMessageFormat(pattern_or_ast, locale, undefined, { ignoreTag: true });
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
    for (const v of JSON.parse(values_json)) {
      if (v.kind === 'number') {
        values[v.name] = v.number;
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
