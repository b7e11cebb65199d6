import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DIR, buildDemoTenancy, detectKind, fbPageIdFor, globalRestaurantOf, loadSeedDir, localToUtc, placeIdFor } from './index.ts';

describe('loadSeedDir', () => {
  it('loads the shipped data by header row', () => {
    const data = loadSeedDir(DEFAULT_SEED_DIR);
    expect(data.restaurants).toHaveLength(85);
    expect(data.reviews).toHaveLength(1562);
    expect(data.dialogues.length).toBe(5488);
    expect(data.globalRestaurants).toHaveLength(7955);
    const r = data.reviews.find((x) => x.reviewId === 'zh-6af02d798372')!;
    expect(r).toMatchObject({ restaurantId: '13-dhaba-gachibowli', reviewerName: 'Ksaigoud', rating: 5, text: 'good' });
    // 2018-08-04T23:45 India time is 18:15 UTC.
    expect(r.reviewedAt.toISOString()).toBe('2018-08-04T18:15:00.000Z');
  });

  it('recognises files by header, not name, and ignores unknown ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    writeFileSync(join(dir, 'a.csv'), 'review_id,restaurant_id,restaurant_name,reviewer_name,rating,rating_raw,review_text,reviewed_at\nx1,r1,R,Ann,4.5,4.5,"multi\nline",2019-01-02T03:04:00\n');
    writeFileSync(join(dir, 'b.csv'), 'foo,bar\n1,2\n');
    const data = loadSeedDir(dir);
    expect(data.reviews[0]).toMatchObject({ reviewId: 'x1', rating: 4.5, text: 'multi\nline' });
    expect(data.files).toEqual([
      { file: 'a.csv', kind: 'reviews', rows: 1 },
      { file: 'b.csv', kind: null, rows: 1 },
    ]);
  });

  it('names file and line of a malformed timestamp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    writeFileSync(join(dir, 'x.csv'), 'review_id,restaurant_id,reviewer_name,rating,review_text,reviewed_at\nx1,r1,Ann,4,t,yesterday\n');
    expect(() => loadSeedDir(dir)).toThrow(/x\.csv line 2/);
  });

  it('loads the global restaurants with Zomato\'s "Not rated" as no rating', () => {
    const data = loadSeedDir(DEFAULT_SEED_DIR);
    expect(data.globalRestaurants.find((r) => r.restaurantId === '6317637')).toEqual({
      restaurantId: '6317637',
      name: 'Le Petit Souffle',
      country: 'Phillipines',
      city: 'Makati City',
      address: 'Third Floor, Century City Mall, Kalayaan Avenue, Poblacion, Makati City',
      locality: 'Century City Mall, Poblacion, Makati City',
      cuisines: ['French', 'Japanese', 'Desserts'],
      priceRange: 3,
      aggregateRating: 4.8,
      votes: 314,
      latitude: 14.565443,
      longitude: 121.027535,
    });
    // The source writes 0, 0 for an unknown position: no position.
    expect(globalRestaurantOf({ restaurant_id: '1', latitude: '0', longitude: '0' })).toMatchObject({ latitude: null, longitude: null });
    const unrated = data.globalRestaurants.filter((r) => r.aggregateRating === null);
    expect(unrated.length).toBeGreaterThan(0);
    expect(data.files.find((f) => f.file === 'restaurants_zomato_global.csv')).toEqual({ file: 'restaurants_zomato_global.csv', kind: 'globalRestaurants', rows: 7955 });
    expect(globalRestaurantOf({ restaurant_id: '' })).toBeNull();
  });

  it('derives stable place ids per source', () => {
    expect(placeIdFor('hyd', 'paradise-gachibowli')).toMatch(/^ChIJ[\w-]{23}$/);
    expect(placeIdFor('hyd', '1')).not.toBe(placeIdFor('global', '1'));
    expect(placeIdFor('global', '6317637')).toBe(placeIdFor('global', '6317637'));
  });

  it('detects kinds', () => {
    expect(detectKind(['conversation_id', 'source_split', 'turn_index', 'speaker', 'text'])).toBe('dialogues');
    expect(detectKind(['id'])).toBeNull();
  });
});

describe('tenancy and ids', () => {
  it('splits reviewed restaurants into two clients with stable page ids', () => {
    const clients = buildDemoTenancy(loadSeedDir(DEFAULT_SEED_DIR));
    expect(clients.map((c) => c.brands.length)).toEqual([8, 8]);
    const first = clients[0]!.brands[0]!.outlets[0]!;
    expect(first.restaurantId).toBe('13-dhaba-gachibowli');
    expect(first.facebookPageId).toBe(fbPageIdFor('13-dhaba-gachibowli'));
    expect(first.facebookPageId).toMatch(/^1\d{14}$/);
  });
  it('converts local time', () => {
    expect(localToUtc('2019-05-25T00:10:00', 330).toISOString()).toBe('2019-05-24T18:40:00.000Z');
    expect(() => localToUtc('nope', 0)).toThrow();
  });
});
