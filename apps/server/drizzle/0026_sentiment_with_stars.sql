-- Stored review labels follow the rule of lib/sentiment.ts `combinedLabel` (docs/decisions/0024
-- "Sentiment with the stars"): the text's VADER score (sentiment_score, unchanged) with the
-- stars, or Facebook's recommendation when there are none. Rows without words keep no label.
-- Rounding matches the code: stars are whole (smallint); ±0.05 are VADER's own thresholds.
UPDATE "reviews" SET "sentiment" = CASE
  WHEN "rating" IS NOT NULL AND "rating" < 1.5 THEN 'negative'
  WHEN "rating" IS NOT NULL AND "rating" >= 4.5 THEN 'positive'
  WHEN ("rating" IS NOT NULL AND "rating" < 3) OR ("rating" IS NULL AND "source" = 'facebook' AND "recommendation_type" = 'negative')
    THEN CASE WHEN "sentiment_score" >= 0.05 THEN 'neutral' ELSE 'negative' END
  WHEN ("rating" IS NOT NULL AND "rating" > 3) OR ("rating" IS NULL AND "source" = 'facebook' AND "recommendation_type" = 'positive')
    THEN CASE WHEN "sentiment_score" <= -0.05 THEN 'neutral' ELSE 'positive' END
  ELSE CASE WHEN "sentiment_score" >= 0.05 THEN 'positive' WHEN "sentiment_score" <= -0.05 THEN 'negative' ELSE 'neutral' END
END
WHERE "sentiment_score" IS NOT NULL;
