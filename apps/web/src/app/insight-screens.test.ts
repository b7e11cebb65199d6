import { describe, expect, it } from 'vitest';
import { INSIGHT_PATHS } from './product-area.tsx';
import { INSIGHT_SCREENS } from './insight-screens.tsx';

describe('the insight screens route', () => {
  it('routes exactly the paths it has a screen for', () => {
    expect([...INSIGHT_PATHS].sort()).toEqual(Object.keys(INSIGHT_SCREENS).sort());
  });
});
