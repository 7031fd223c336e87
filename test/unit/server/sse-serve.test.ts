import { EventEmitter } from 'node:events';
import { type ServerResponse } from 'node:http';
import { type ExecutionResult } from 'graphql';
import { serveSse } from '../../../src/server/live/sse.js';

/** A response as serveSse writes to it, noting what it is sent. */
function fakeResponse(destroyed: boolean): { raw: ServerResponse; written: string[] } {
  const written: string[] = [];
  const raw = Object.assign(new EventEmitter(), {
    destroyed,
    writableLength: 0,
    writeHead: () => undefined,
    flushHeaders: () => undefined,
    write: (chunk: string) => written.push(chunk),
    end: (chunk: string, callback: () => void) => {
      written.push(chunk);
      callback();
    },
    destroy: () => undefined,
  });
  return { raw: raw as unknown as ServerResponse, written };
}

/** Events that never come; notes whether they were ended. */
function silentEvents(): { events: AsyncGenerator<ExecutionResult>; ended: () => boolean } {
  let ended = false;
  const events = {
    next: () => new Promise<IteratorResult<ExecutionResult>>(() => undefined),
    return: () => {
      ended = true;
      return Promise.resolve({ value: undefined, done: true as const });
    },
    throw: () => Promise.reject(new Error('not used')),
    [Symbol.asyncIterator]() {
      return events;
    },
  } as unknown as AsyncGenerator<ExecutionResult>;
  return { events, ended: () => ended };
}

const options = {
  headers: {},
  serialize: (result: ExecutionResult) => JSON.stringify(result),
  sendBuffer: { maxBytes: 65_536, maxEvents: 16 },
  stats: { peakBufferedBytes: 0, overflows: 0 },
  onSlowConsumer: () => undefined,
};

describe('serving an SSE stream', () => {
  it('ends the events at once when the client left while the operation was prepared (its close already came)', async () => {
    const { raw, written } = fakeResponse(true);
    const { events, ended } = silentEvents();
    await serveSse(raw, { events }, options);
    expect(ended()).toBe(true);
    expect(written).toEqual([':\n\n']);
  });

  it('ends the events when the client leaves while they wait', async () => {
    const { raw, written } = fakeResponse(false);
    const { events, ended } = silentEvents();
    const served = serveSse(raw, { events }, options);
    expect(ended()).toBe(false);
    (raw as unknown as { destroyed: boolean }).destroyed = true;
    raw.emit('close');
    expect(ended()).toBe(true);
    expect(written).toEqual([':\n\n']);
    void served;
  });
});
