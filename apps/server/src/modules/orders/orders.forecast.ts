import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, MSTL } from '@bsull/augurs/mstl';

/**
 * Daily revenue forecast (docs/decisions/0036): MSTL with a weekly
 * period (7) and an AutoETS trend, from augurs (Grafana's time-series library, Rust compiled to
 * WebAssembly: `@bsull/augurs`), with its prediction intervals as the confidence band. No
 * hand-written model here: this file only shapes the series and measures the error.
 */

let ready = false;
/** Loads the WebAssembly module once (synchronously, from the package's own file). */
function init(): void {
  if (ready) return;
  const require = createRequire(import.meta.url);
  const wasm = require.resolve('@bsull/augurs/mstl').replace(/mstl\.js$/, 'mstl_bg.wasm');
  initSync({ module: readFileSync(wasm) });
  ready = true;
}

/** Interval level of the band. */
export const FORECAST_LEVEL = 0.95;
/** Days of history a fit needs at least: four weekly cycles. */
export const MIN_HISTORY_DAYS = 28;

/** Point forecasts and the band of `horizon` days after `history` (one value per day, no gaps). */
export function forecastSeries(history: number[], horizon: number): { point: number[]; lower: number[]; upper: number[] } {
  init();
  const model = MSTL.ets([7]);
  try {
    model.fit(history);
    const f = model.predict(horizon, FORECAST_LEVEL);
    // Sales are never negative: the band and the point are clipped at zero.
    const clip = (xs: number[]) => xs.map((x) => Math.max(0, x));
    return { point: clip(f.point), lower: clip(f.intervals?.lower ?? f.point), upper: clip(f.intervals?.upper ?? f.point) };
  } finally {
    model.free();
  }
}

/**
 * Mean absolute percentage error over the days with a non-zero actual (a day without sales has no
 * percentage), as a fraction (0.12 = 12 %). Null when no day counts.
 */
export function mape(actual: number[], forecast: number[]): number | null {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < actual.length; i++) {
    if (!(actual[i]! > 0)) continue;
    sum += Math.abs(actual[i]! - forecast[i]!) / actual[i]!;
    n++;
  }
  return n ? sum / n : null;
}

/** Every day from `from` to `to` (`YYYY-MM-DD`, both included). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Backtest and forecast of a daily series: fits on all but the last `holdout` days, forecasts those
 * (MAPE against the actuals), then fits on everything and forecasts `horizon` days ahead.
 * @param series one value per day, oldest first, missing days already 0
 * @returns null when the series is shorter than {@link MIN_HISTORY_DAYS} + `holdout`
 */
export function backtestAndForecast(series: number[], holdout: number, horizon: number): { held: { point: number[]; lower: number[]; upper: number[] }; mape: number | null; future: { point: number[]; lower: number[]; upper: number[] } } | null {
  if (series.length < MIN_HISTORY_DAYS + holdout) return null;
  const train = series.slice(0, series.length - holdout);
  const held = forecastSeries(train, holdout);
  const future = forecastSeries(series, horizon);
  return { held, mape: mape(series.slice(series.length - holdout), held.point), future };
}
