import { describe, expect, it } from 'vitest';
import { addressClass, isNonPublicHost, isPublicAddress } from './ip-address';

describe('addressClass', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(addressClass(address)).toBe(kind);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '169.253.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4003:80e::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    'fbff::1',
    '2001:4860:4860::8888',
  ])('%s is public', (address) => {
    expect(addressClass(address)).toBe('public');
  });

  it('names and malformed text are not addresses', () => {
    for (const text of ['example.org', '', '1.2.3', '1.2.3.256', '::1::2', '12345::', 'localhost'])
      expect(addressClass(text), text).toBe('invalid');
  });
});

describe('isNonPublicHost (the host of a URL as new URL() gives it)', () => {
  const host = (url: string) => new URL(url).hostname;

  it('refuses IP literals of our own networks however they are written, and localhost', () => {
    for (const url of [
      'http://127.0.0.1/x',
      'http://2130706433/x', // 127.0.0.1 as one number
      'http://0x7f.1/x',
      'http://0/x',
      'http://[::1]:8080/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[fd00::5]/x',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:3000/x',
      'http://LOCALHOST./x',
      'http://api.localhost/x',
    ])
      expect(isNonPublicHost(host(url)), url).toBe(true);
  });

  it('lets public addresses and names through (names are resolved and checked when sending)', () => {
    for (const url of ['https://hooks.example.org/a', 'https://8.8.8.8/x', 'https://[2606:4700::1111]/x'])
      expect(isNonPublicHost(host(url)), url).toBe(false);
  });
});
