/**
 * The server push channel of SPEC.md section 4, behind one small interface. Today it is a stub with no
 * connection (SPEC-DECISIONS.md); a real websocket replaces `stubTransport` without touching the callers.
 */
export interface PushMessage {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
}

export interface PushConnection {
  send(data: string): void;
  close(): void;
}

/** Opens the underlying connection; it calls onClose when the connection drops. */
export type PushTransport = (handlers: { onMessage(data: string): void; onClose(): void }) => PushConnection;

export interface PushChannel {
  /** Returns the unsubscribe function. */
  subscribe(listener: (message: PushMessage) => void): () => void;
  close(): void;
}

export const HEARTBEAT_MS = 20_000;
export const RECONNECT_MS = 5_000;
const HEARTBEAT = 'HeartBeat';

/** No connection at all: nothing arrives and nothing ever drops. */
export const stubTransport: PushTransport = () => ({ send: () => undefined, close: () => undefined });

function parse(data: string): PushMessage | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && typeof (value as PushMessage).cmd === 'string' ? (value as PushMessage) : null;
  } catch {
    return null;
  }
}

/** Connects, sends a heartbeat every 20 s, reconnects 5 s after a drop, and hands each message to the listeners. */
export function openPushChannel(transport: PushTransport = stubTransport): PushChannel {
  const listeners = new Set<(message: PushMessage) => void>();
  let connection: PushConnection | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const connect = () => {
    const current = transport({
      onMessage: (data) => {
        const message = parse(data);
        if (message) listeners.forEach((listener) => listener(message));
      },
      onClose: () => {
        if (connection !== current) return;
        clearInterval(heartbeat);
        connection = null;
        if (!closed) reconnect = setTimeout(connect, RECONNECT_MS);
      },
    });
    connection = current;
    heartbeat = setInterval(() => connection?.send(HEARTBEAT), HEARTBEAT_MS);
  };
  connect();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(reconnect);
      listeners.clear();
      const last = connection;
      connection = null;
      last?.close();
    },
  };
}
