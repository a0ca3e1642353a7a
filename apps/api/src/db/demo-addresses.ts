/**
 * Where the demo's people work from, for their audit entries: addresses of the documentation
 * ranges (RFC 5737), which belong to no one.
 */
export const DEMO_ADDRESSES: Record<string, string> = {
  'admin@fleetfuel.test': '203.0.113.10',
  'orgadmin@acme.test': '198.51.100.23',
  'asst@acme.test': '198.51.100.24',
  'driver@acme.test': '198.51.100.57',
  'orgadmin@beta.test': '192.0.2.41',
  'rep@unityfuels.test': '203.0.113.71',
  'attendant@unityfuels.test': '203.0.113.72',
  'rep@greenline.test': '203.0.113.88',
};
