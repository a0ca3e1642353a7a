/** The clients list sorted by its columns and bounded by the day each joined, on the server (issue 14). */
import { CLIENT_SORTS } from '@fleetfuel/contract';
import { describeAdminListSort } from '../../../test/admin-list-sort.js';

describeAdminListSort({
  title: 'the clients list',
  url: '/api/admin/organizations',
  table: 'organizations',
  // A name typed in lower case and a suspended client.
  added: [
    { name: 'aardvark transport', type: 'other' },
    { name: 'Zenith Works', type: 'ngo_development_organisation', status: 'SUSPENDED' },
  ],
  oldestTwo: ['Beta Haulage', 'Acme Logistics'],
  names: ['aardvark transport', 'Acme Logistics', 'Beta Haulage', 'Zenith Works'],
  sorts: {
    type: ['ngo_development_organisation', 'other', 'private_organisation', 'transport_logistics_company'],
    status: ['ACTIVE', 'ACTIVE', 'ACTIVE', 'SUSPENDED'],
  },
  repeated: ['status'],
  columns: CLIENT_SORTS,
  notAllowed: 'domain',
  dayRange: async (find) => ({ onDay: await find.organization('Beta Haulage'), dayAfter: await find.organization('aardvark transport') }),
});
