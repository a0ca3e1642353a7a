/** The fuel stations list sorted by its columns and bounded by the day each joined, on the server (issue 14). */
import { STATION_SORTS } from '@fleetfuel/contract';
import { describeAdminListSort } from '../../../test/admin-list-sort.js';

describeAdminListSort({
  title: 'the fuel stations list',
  url: '/api/admin/fuel-stations',
  table: 'fuel_stations',
  // A name typed in lower case and a suspended station without an address.
  added: [
    { name: 'apex fuels', address: '2 Aminu Kano Crescent, Wuse II, Abuja', available_fuels: ['PETROL'] },
    { name: 'Bonny Energy', address: null, status: 'SUSPENDED', available_fuels: ['DIESEL'] },
  ],
  oldestTwo: ['Greenline Energy Lekki', 'Unity Fuels Ikeja'],
  names: ['apex fuels', 'Bonny Energy', 'Greenline Energy Lekki', 'Unity Fuels Ikeja'],
  sorts: {
    // The location column: the station's address, empty last.
    address: ['2 Aminu Kano Crescent, Wuse II, Abuja', '45 Obafemi Awolowo Way, Ikeja, Lagos', 'Admiralty Way, Lekki Phase 1, Lagos', null],
    status: ['ACTIVE', 'ACTIVE', 'ACTIVE', 'SUSPENDED'],
  },
  repeated: ['status'],
  columns: STATION_SORTS,
  notAllowed: 'vehiclesCount',
  dayRange: async (find) => ({ onDay: await find.station('Unity Fuels Ikeja'), dayAfter: await find.station('apex fuels') }),
});
