import { expect, test } from 'vitest';
import { packRecords, recordBytes, unpackRecords } from '../../cli/build/search-rendered.ts';

const records = [
  ['/nl/nieuws/a', { shown: '["Één baan","Café — gravel"]', terms: '["een",1,0]' }],
  ['/en/news/b', { shown: '["Ace 🎾",""]', terms: '[]' }],
  ['/en/news/empty', { shown: '', terms: '' }],
] as const;

test('a batch of records sent as one block of bytes gives each record back as its bytes, by URL', () => {
  const batch = packRecords(records);
  // A buffer of its own: a message copies the whole ArrayBuffer a view is of (Node's pool is 8 KB).
  expect(batch.bytes.buffer.byteLength).toBe(batch.bytes.byteLength);
  const received = new Map<string, Uint8Array>();
  unpackRecords(structuredClone(batch), received);
  expect([...received.keys()]).toEqual(records.map(([url]) => url));
  for (const [url, record] of records) expect(Buffer.from(received.get(url)!)).toEqual(recordBytes(record));
});

test('an empty batch', () => {
  const received = new Map<string, Uint8Array>();
  unpackRecords(packRecords([]), received);
  expect(received.size).toBe(0);
});
