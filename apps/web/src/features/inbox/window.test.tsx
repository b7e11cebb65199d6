import type { TReplyWindow } from '@dinedesk/contracts';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WindowStatus } from './components/window-status.tsx';
import { inboxT } from './inbox-t.ts';
import { describeWindow, effectiveWindow, formatRemaining } from './window.ts';
import { useNow } from './hooks/use-now.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.parse('2025-03-10T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const t = inboxT('en');

const standard = (leftMs: number): TReplyWindow => ({
  state: 'standard',
  endsAt: iso(NOW + leftMs),
  lastGuestMessageAt: iso(NOW + leftMs - DAY),
});
const humanAgent = (leftMs: number): TReplyWindow => ({
  state: 'human_agent',
  endsAt: iso(NOW + leftMs),
  lastGuestMessageAt: iso(NOW + leftMs - 7 * DAY),
});
const closed: TReplyWindow = { state: 'closed', endsAt: null, lastGuestMessageAt: iso(NOW - 8 * DAY) };

describe('reply window text ( window)', () => {
  it('describes each state with the time left', () => {
    expect(describeWindow(standard(5 * HOUR + 12 * MINUTE), NOW, t)).toBe('Standard reply window: 5 h 12 min left');
    expect(describeWindow(humanAgent(3 * DAY), NOW, t)).toBe('Human agent window (HUMAN_AGENT tag): 3 days left');
    expect(describeWindow(humanAgent(DAY + 4 * HOUR + 59 * MINUTE), NOW, t)).toBe('Human agent window (HUMAN_AGENT tag): 1 day 4 h left');
    expect(describeWindow(closed, NOW, t)).toBe('Reply window closed');
  });

  it('rounds down, drops empty units, and says when less than a minute is left', () => {
    expect(formatRemaining(5 * HOUR + 12 * MINUTE + 59_999, t)).toBe('5 h 12 min');
    expect(formatRemaining(2 * HOUR, t)).toBe('2 h');
    expect(formatRemaining(12 * MINUTE, t)).toBe('12 min');
    expect(formatRemaining(59_000, t)).toBe('less than a minute');
    expect(formatRemaining(-5, t)).toBe('less than a minute');
  });

  it('moves on by itself when the state the server sent runs out', () => {
    const window = standard(10 * MINUTE);
    expect(effectiveWindow(window, NOW)).toEqual({ state: 'standard', endsAt: NOW + 10 * MINUTE });
    // 24 h after the guest's last message: HUMAN_AGENT until 7 days after it.
    const later = NOW + 11 * MINUTE;
    expect(effectiveWindow(window, later)).toEqual({ state: 'human_agent', endsAt: NOW + 10 * MINUTE + 6 * DAY });
    expect(effectiveWindow(humanAgent(HOUR), NOW + 2 * HOUR)).toEqual({ state: 'closed', endsAt: null });
  });
});

function Clocked({ window }: { window: TReplyWindow }) {
  return <WindowStatus window={window} now={useNow()} />;
}

describe('WindowStatus', () => {
  it('counts down every minute and closes when the window ends', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    render(<Clocked window={humanAgent(2 * MINUTE + 30_000)} />);
    const status = screen.getByTestId('window-status');
    expect(status).toHaveTextContent('Human agent window (HUMAN_AGENT tag): 2 min left');
    expect(status).toHaveAttribute('data-state', 'human_agent');

    act(() => vi.advanceTimersByTime(MINUTE));
    expect(status).toHaveTextContent('Human agent window (HUMAN_AGENT tag): 1 min left');
    act(() => vi.advanceTimersByTime(2 * MINUTE));
    expect(status).toHaveTextContent('Reply window closed');
    expect(status).toHaveAttribute('data-state', 'closed');
  });
});
