import { describe, it, expect } from 'vitest';
import { classifyAddress, isBlockedAddress, isIpLiteral } from './address.js';

describe('classifyAddress', () => {
  const cases: [string, string][] = [
    // IPv4 blocked ranges, edges included
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.0', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link_local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'ietf_protocol'],
    ['192.0.2.1', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv4 public, just outside the blocked ranges
    ['1.1.1.1', 'public'],
    ['9.255.255.255', 'public'],
    ['11.0.0.0', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.0.1.1', 'public'],
    ['192.169.0.1', 'public'],
    ['198.17.255.255', 'public'],
    ['198.20.0.0', 'public'],
    ['223.255.255.255', 'public'],
    // IPv6 blocked ranges
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['fec0::1', 'site_local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001:0db8:85a3::8a2e:370:7334', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv6 forms carrying an IPv4 address are judged by that address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['::192.168.0.1', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::192.168.1.1', 'private'],
    ['64:ff9b:1::1.1.1.1', 'public'],
    ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['2002:808:808::1', 'public'], // 6to4 of 8.8.8.8
    ['2001:0:7f00:1::1', 'loopback'], // Teredo server 127.0.0.1
    ['2001:0:808:808::f5ff:fffe', 'private'], // Teredo client 10.0.0.1, inverted
    ['2001:0:808:808::f7f7:f7f7', 'public'], // Teredo client 8.8.8.8, inverted
    // IPv6 public
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001::200e', 'public'],
  ];

  it.each(cases)('%s is %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it('says an address is blocked unless it is public', () => {
    expect(isBlockedAddress('10.0.0.1')).toBe(true);
    expect(isBlockedAddress('93.184.215.14')).toBe(false);
  });

  it('refuses to classify things that are not IP literals', () => {
    for (const notAnIp of ['localhost', '127.1', '0x7f.0.0.1', '017700000001', '1.2.3.256', '01.2.3.4', '1::2::3', ':::', '']) {
      expect(isIpLiteral(notAnIp), notAnIp).toBe(false);
      expect(() => classifyAddress(notAnIp)).toThrow(TypeError);
    }
  });
});
