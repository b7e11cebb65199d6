import { afterEach, describe, expect, it } from 'vitest';
import { memoryState, sessionState } from './session-state.ts';

afterEach(() => sessionStorage.clear());

describe('demo state', () => {
  it('keeps saved data across a reload (a new state over the same storage)', () => {
    const first = sessionState('todo', () => ({ tasks: [1, 2] }));
    first.data.tasks.push(3);
    first.save();
    expect(sessionState('todo', () => ({ tasks: [] as number[] })).data.tasks).toEqual([1, 2, 3]);
  });

  it('starts fresh when nothing is stored, the stored copy is unreadable or of another version', () => {
    expect(sessionState('todo', () => ({ n: 1 })).data).toEqual({ n: 1 });
    sessionStorage.setItem('dinedesk.demo.todo.v1', '{not json');
    expect(sessionState('todo', () => ({ n: 2 })).data).toEqual({ n: 2 });
    sessionState('todo', () => ({ n: 3 })).save();
    expect(sessionState('todo', () => ({ n: 4 }), { version: 2 }).data).toEqual({ n: 4 });
  });

  it('in memory, forgets with the object', () => {
    const state = memoryState(() => ({ n: 1 }));
    state.data.n = 5;
    state.save();
    expect(memoryState(() => ({ n: 1 })).data.n).toBe(1);
    expect(sessionStorage.length).toBe(0);
  });
});
