import { expect, test } from 'vitest';
import { MemoLine } from '../../cli/build/search-memo.ts';
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

test("a page's memo line made of its record keeps the record's bytes as received, not a copy; read back whole, the same line", () => {
  const batch = packRecords(records);
  const received = new Map<string, Uint8Array>();
  unpackRecords(batch, received);
  const line = MemoLine.of('nl/nieuws/a.html', '1:2:3:4', received.get('/nl/nieuws/a')!);
  expect(line.record.buffer).toBe(batch.bytes.buffer);
  const parts = (one: MemoLine) => ({
    complete: one.complete,
    file: one.file,
    identity: one.identity,
    shown: one.shown,
    terms: one.terms,
  });
  expect(parts(line)).toEqual({
    complete: true,
    file: 'nl/nieuws/a.html',
    identity: '1:2:3:4',
    shown: '["Één baan","Café — gravel"]',
    terms: ['een', 1, 0],
  });
  const read = new MemoLine(Buffer.concat([line.head, line.record]));
  expect(parts(read)).toEqual(parts(line));
  expect(Buffer.concat([read.head, read.record])).toEqual(Buffer.concat([line.head, line.record]));
});
