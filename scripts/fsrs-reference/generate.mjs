// Writes the reference schedules lessonsim's review scheduler is tested against
// (tests/core/review_reference_test.cpp): seeded random review histories played through ts-fsrs
// 3.5.7 with lessonsim's FSRS-4.5 weights and no fuzz, each review's stability and difficulty,
// and, where ts-fsrs schedules in days, the days until the next review.
//
// lessonsim schedules every review in days, with no learning steps (minutes), so after the
// first review each card is handed back to ts-fsrs in its Review state: the state whose
// formulas lessonsim implements for every later review.
//
//   cd scripts/fsrs-reference && npm ci && npm run reference
import { writeFileSync } from "node:fs";
import { FSRS, FSRSVersion, Rating, State, createEmptyCard } from "ts-fsrs";

// src/core/review.cpp's weights: FSRS-4.5's published defaults.
const w = [0.4872, 1.4003, 3.7145, 13.8206, 5.1618, 1.2298, 0.8975, 0.031, 1.6474, 0.1367,
           1.0461, 2.1072, 0.0793, 0.3246, 1.587, 0.2272, 2.8755];
const retentions = [0.7, 0.8, 0.9, 0.95, 0.97];
const historiesPerRetention = 24;
const reviewsPerHistory = 12;
const day = 24 * 60 * 60 * 1000;
const firstDay = 20454;  // 2026-01-01, days since the Unix epoch

// mulberry32: a small seeded generator, so the table is the same on every run.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickRating(next) {
  const x = next();
  if (x < 0.15) return Rating.Again;
  if (x < 0.35) return Rating.Hard;
  if (x < 0.8) return Rating.Good;
  return Rating.Easy;
}

// Same day, early, on the due day or late: where the ratings' order is easiest to lose.
function pickGap(next, interval) {
  const x = next();
  if (x < 0.15) return 0;
  if (x < 0.45) return interval;
  if (x < 0.7) return 1 + Math.floor(next() * interval);
  return interval + 1 + Math.floor(next() * 3 * interval);
}

const next = random(20260101);
const histories = [];
for (const retention of retentions) {
  const f = new FSRS({ request_retention: retention, w, enable_fuzz: false,
                       maximum_interval: 36500 });
  for (let h = 0; h < historiesPerRetention; ++h) {
    let card = createEmptyCard(new Date(firstDay * day));
    let today = firstDay;
    const reviews = [];
    for (let k = 0; k < reviewsPerHistory; ++k) {
      const rating = pickRating(next);
      const inReview = card.state === State.Review;
      const after = f.repeat(card, new Date(today * day))[rating].card;
      // Days only where ts-fsrs schedules in days: a Review-state hard, good or easy.
      const days = inReview && rating !== Rating.Again ? after.scheduled_days : null;
      // lessonsim keeps stability and intervals within 100 years (36500 days); ts-fsrs does not
      // bound stability. A history ends before it leaves the range both share.
      if (after.stability > 36500 || (days ?? 0) > 36500) break;
      reviews.push({ day: today, rating, stability: after.stability,
                     difficulty: after.difficulty, days });
      const interval = days ?? Math.max(1, Math.round(after.stability * f.interval_modifier));
      card = { ...after, state: State.Review };
      today += pickGap(next, interval);
    }
    histories.push({ retention, reviews });
  }
}

// One review to a line: the table stays short and its diffs readable.
const out = process.argv[2];
const lines = histories.map((h) => ` {"retention": ${h.retention}, "reviews": [\n` +
  h.reviews.map((r) => `  ${JSON.stringify(r)}`).join(",\n") + "]}");
writeFileSync(out, `{"about": ${JSON.stringify(`ts-fsrs ${FSRSVersion} (npm), FSRS-4.5 with ` +
  "lessonsim's weights, fuzz off; regenerate with scripts/fsrs-reference " +
  "(npm ci && npm run reference)")},\n "weights": ${JSON.stringify(w)},\n "histories": [\n` +
  lines.join(",\n") + "]}\n");
console.log(`${out}: ${histories.length} histories, ` +
            `${histories.reduce((n, h) => n + h.reviews.length, 0)} reviews`);
