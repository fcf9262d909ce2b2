import { expect, test } from 'vitest';
import { clientGroup } from './client-group.ts';

test('an IPv4 address is a client of its own, also written IPv4-mapped', () => {
  expect(clientGroup('198.51.100.7')).toBe('198.51.100.7');
  expect(clientGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
  expect(clientGroup('198.51.100.8')).not.toBe(clientGroup('198.51.100.7'));
});

test('IPv6 addresses of one /56 are one client, however they are written', () => {
  const group = clientGroup('2001:db8:aa:bb01::1');
  expect(group).toBe('2001:db8:aa:bb00::/56');
  expect(clientGroup('2001:0DB8:00AA:BBFF:ffff:ffff:ffff:ffff')).toBe(group);
  expect(clientGroup('2001:db8:aa:bc00::1')).not.toBe(group);
});
