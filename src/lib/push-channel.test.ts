import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, RECONNECT_MS, openPushChannel, stubTransport, type PushTransport } from './push-channel.ts';

/** A transport the test drives: it records what was sent and lets the test push messages or drop the line. */
function fakeTransport() {
  const connections: { sent: string[]; closed: boolean; deliver(data: string): void; drop(): void }[] = [];
  const transport: PushTransport = ({ onMessage, onClose }) => {
    const connection = { sent: [] as string[], closed: false, deliver: onMessage, drop: onClose };
    connections.push(connection);
    return { send: (data) => connection.sent.push(data), close: () => void (connection.closed = true) };
  };
  return { transport, connections };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('openPushChannel', () => {
  it('sends a heartbeat every 20 s', () => {
    const { transport, connections } = fakeTransport();
    const channel = openPushChannel(transport);
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(connections[0]!.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(connections[0]!.sent).toEqual(['HeartBeat']);
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(connections[0]!.sent).toHaveLength(3);
    channel.close();
  });

  it('hands each well-formed message to the listeners until they unsubscribe', () => {
    const { transport, connections } = fakeTransport();
    const channel = openPushChannel(transport);
    const seen: string[] = [];
    const unsubscribe = channel.subscribe((m) => seen.push(m.cmd));
    connections[0]!.deliver(JSON.stringify({ cmd: 'topic', msgId: '1' }));
    connections[0]!.deliver('not json');
    connections[0]!.deliver(JSON.stringify({ msgId: 'no cmd' }));
    unsubscribe();
    connections[0]!.deliver(JSON.stringify({ cmd: 'user' }));
    expect(seen).toEqual(['topic']);
    channel.close();
  });

  it('reconnects 5 s after a drop and beats on the new connection only', () => {
    const { transport, connections } = fakeTransport();
    const channel = openPushChannel(transport);
    connections[0]!.drop();
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(connections).toHaveLength(2);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(connections.map((c) => c.sent.length)).toEqual([0, 1]);
    channel.close();
  });

  it('stops everything on close: no heartbeat, no reconnect, the connection closed', () => {
    const { transport, connections } = fakeTransport();
    const channel = openPushChannel(transport);
    channel.close();
    connections[0]!.drop();
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ sent: [], closed: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('connects to nothing with the stub transport', () => {
    const channel = openPushChannel(stubTransport);
    const listener = vi.fn();
    channel.subscribe(listener);
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(listener).not.toHaveBeenCalled();
    channel.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
