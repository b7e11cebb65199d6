import { SOCKET_CLIENT_OPTIONS } from '@dinedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionStorage, writeSession } from './storage.ts';

// A stand-in for socket.io-client: records how `io` was called and returns a fake socket.
const fake = vi.hoisted(() => {
  const make = () => {
    const manager = { on: vi.fn(), removeAllListeners: vi.fn() };
    return { on: vi.fn(), removeAllListeners: vi.fn(), disconnect: vi.fn(), io: manager };
  };
  return { make, io: vi.fn(() => make()) };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

const { closeSocket, currentSocket, getSocket } = await import('./socket.ts');

afterEach(() => {
  closeSocket();
  fake.io.mockClear();
});

describe('the shared socket ( realtime, settings)', () => {
  it('connects once, same origin, with the spec options and the stored token', async () => {
    writeSession('token-1', { email: 'asha@spiceroute.example' });
    const [a, b] = await Promise.all([getSocket(), getSocket()]);
    expect(a).toBe(b);
    expect(fake.io).toHaveBeenCalledOnce();
    const [options] = fake.io.mock.calls[0] as unknown as [Record<string, unknown>];
    const { auth, ...rest } = options;
    expect(rest).toEqual({ ...SOCKET_CLIENT_OPTIONS, transports: ['websocket', 'polling'] });
    expect(rest).toMatchObject({
      path: '/api/socket.io',
      withCredentials: true,
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: 10,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
    });
    // The token is read at each (re)connection, so a renewed one is used after a reconnect.
    const send = vi.fn();
    (auth as (cb: (data: unknown) => void) => void)(send);
    expect(send).toHaveBeenCalledWith({ token: 'token-1' });
  });

  it('logs connection problems instead of throwing', async () => {
    const socket = await getSocket();
    const events = vi.mocked(socket.on).mock.calls.map(([event]) => event);
    expect(events).toEqual(expect.arrayContaining(['connect_error', 'disconnect']));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onError = vi.mocked(socket.on).mock.calls.find(([event]) => event === 'connect_error')![1] as (e: Error) => void;
    onError(new Error('Token has expired'));
    expect(warn).toHaveBeenCalledWith('[socket] connection failed:', 'Token has expired');
  });

  it('is closed by closeSocket and whenever the session ends, and made anew after', async () => {
    const first = await getSocket();
    closeSocket();
    expect(first.disconnect).toHaveBeenCalled();
    expect(currentSocket()).toBeNull();

    const second = await getSocket();
    expect(second).not.toBe(first);
    clearSessionStorage('expired');
    expect(second.disconnect).toHaveBeenCalled();
    expect(currentSocket()).toBeNull();
  });
});
