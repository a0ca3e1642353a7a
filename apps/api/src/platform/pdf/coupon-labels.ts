/**
 * The coupon's and work order's words in each language (issue 46), kept to docs/glossary.md. Codes,
 * plates, names and the station stay as they are; the attendant reads the code, the QR and the
 * figures whatever the language.
 */
import type { Language } from '@fleetfuel/contract';

export interface CouponLabels {
  fuelTitle: string;
  workOrderTitle: string;
  code: string;
  howToUse: string;
  organization: string;
  vehicle: string;
  plate: string;
  fuel: string;
  volume: string;
  priceLocked: string;
  perUnit: (unit: string) => string;
  station: string;
  supplyDate: string;
  expires: string;
  requestedBy: string;
  approvedBy: string;
  status: string;
  statuses: { APPROVED: string; COMPLETED: string };
  work: string;
  approvedCost: string;
  noStation: string;
  date: string;
  fuelTerms: string;
  workTerms: string;
  generated: (at: string) => string;
  page: (page: number, pages: number) => string;
}

export const COUPON_LABELS: Record<Language, CouponLabels> = {
  en: {
    fuelTitle: 'Fuel Coupon',
    workOrderTitle: 'Maintenance Work Order',
    code: 'Coupon code',
    howToUse: 'Type this code at the station, or scan the QR code.',
    organization: 'Organization',
    vehicle: 'Vehicle',
    plate: 'Plate number',
    fuel: 'Fuel',
    volume: 'Volume (at most)',
    priceLocked: 'Price locked',
    perUnit: (unit) => `per ${unit}`,
    station: 'Station',
    supplyDate: 'Supply date',
    expires: 'Expires',
    requestedBy: 'Requested by',
    approvedBy: 'Approved by',
    status: 'Status',
    statuses: { APPROVED: 'APPROVED', COMPLETED: 'COMPLETED' },
    work: 'Work',
    approvedCost: 'Approved cost (at most)',
    noStation: 'None: completed by the organization',
    date: 'Date',
    fuelTerms:
      'Valid once, only at the station named above, for at most the volume shown, until it expires. The station dispenses and records the volume; the organization pays for what is dispensed.',
    workTerms:
      'Valid once, at the station named above (or completed by the organization admin when none is named), for at most the approved cost.',
    generated: (at) => `Generated ${at} by FleetFuel`,
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  pcm: {
    fuelTitle: 'Fuel Coupon',
    workOrderTitle: 'Repair Work Order',
    code: 'Coupon code',
    howToUse: 'Type this code for the station, or scan the QR code.',
    organization: 'Company',
    vehicle: 'Motor',
    plate: 'Plate number',
    fuel: 'Fuel',
    volume: 'Litres (no pass)',
    priceLocked: 'Price wey dem lock',
    perUnit: (unit) => `per ${unit}`,
    station: 'Station',
    supplyDate: 'Day to buy',
    expires: 'E go expire',
    requestedBy: 'Who ask',
    approvedBy: 'Who approve',
    status: 'Status',
    statuses: { APPROVED: 'DEM DON APPROVE', COMPLETED: 'DEM DON USE AM' },
    work: 'Work',
    approvedCost: 'Cost wey dem approve (no pass)',
    noStation: 'No station: the company go complete am',
    date: 'Day',
    fuelTerms:
      'E work only one time, only for the station wey dey up, no pass the litres wey dey here, before e expire. The station go pump and write the litres; the company go pay for wetin dem pump.',
    workTerms:
      'E work only one time, for the station wey dey up (or the company admin go complete am if no station), no pass the cost wey dem approve.',
    generated: (at) => `FleetFuel print am ${at}`,
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  ha: {
    fuelTitle: 'Coupon na Mai',
    workOrderTitle: 'Takardar Aikin Gyara',
    code: 'Lambar coupon',
    howToUse: 'Rubuta wannan lamba a gidan mai, ko a duba lambar QR.',
    organization: 'Kamfani',
    vehicle: 'Mota',
    plate: 'Lambar mota',
    fuel: 'Mai',
    volume: 'Yawa (mafi yawa)',
    priceLocked: 'Farashin da aka kulle',
    perUnit: (unit) => `kowane ${unit}`,
    station: 'Gidan mai',
    supplyDate: 'Ranar sayen mai',
    expires: 'Zai ƙare',
    requestedBy: 'Wanda ya nema',
    approvedBy: 'Wanda ya amince',
    status: 'Matsayi',
    statuses: { APPROVED: 'AN AMINCE', COMPLETED: 'AN YI AMFANI' },
    work: 'Aiki',
    approvedCost: 'Kuɗin da aka amince (mafi yawa)',
    noStation: 'Babu: kamfani zai kammala',
    date: 'Rana',
    fuelTerms:
      'Ana amfani da shi sau ɗaya kawai, a gidan man da aka rubuta a sama kawai, bai wuce yawan da aka nuna ba, kafin ya ƙare. Gidan mai zai zuba ya rubuta yawan; kamfani zai biya abin da aka zuba.',
    workTerms:
      'Ana amfani da shi sau ɗaya, a wurin da aka rubuta a sama (ko shugaban kamfani ya kammala idan babu wuri), bai wuce kuɗin da aka amince ba.',
    generated: (at) => `FleetFuel ya samar ${at}`,
    page: (page, pages) => `Shafi ${page} cikin ${pages}`,
  },
  yo: {
    fuelTitle: 'Coupon Epo',
    workOrderTitle: 'Ìwé Iṣẹ́ Àtúnṣe',
    code: 'Kóòdù coupon',
    howToUse: 'Tẹ kóòdù yìí ní ilé epo, tàbí ṣe àyẹ̀wò kóòdù QR.',
    organization: 'Ilé-iṣẹ́',
    vehicle: 'Ọkọ̀',
    plate: 'Nọ́mbà ọkọ̀',
    fuel: 'Epo',
    volume: 'Iye (jù lọ)',
    priceLocked: 'Iye owó tí a tì',
    perUnit: (unit) => `fún ${unit} kọ̀ọ̀kan`,
    station: 'Ilé epo',
    supplyDate: 'Ọjọ́ ìpèsè',
    expires: 'Yóò parí',
    requestedBy: 'Ẹni tó béèrè',
    approvedBy: 'Ẹni tó fọwọ́ sí',
    status: 'Ipò',
    statuses: { APPROVED: 'A TI FỌWỌ́ SÍ', COMPLETED: 'A TI LÒ Ó' },
    work: 'Iṣẹ́',
    approvedCost: 'Owó tí a fọwọ́ sí (jù lọ)',
    noStation: 'Kò sí: ilé-iṣẹ́ yóò parí rẹ̀',
    date: 'Ọjọ́',
    fuelTerms:
      'Ẹ̀ẹ̀kan ṣoṣo ni, ní ilé epo tí a kọ sókè nìkan, kò gbọdọ̀ ju iye tí a kọ lọ, kí ó tó parí. Ilé epo yóò pọn epo, yóò sì kọ iye rẹ̀; ilé-iṣẹ́ yóò san fún ohun tí a pọn.',
    workTerms: 'Ẹ̀ẹ̀kan ṣoṣo ni, ní ibi tí a kọ sókè (tàbí alákòóso ilé-iṣẹ́ yóò parí rẹ̀ tí kò bá sí ibi), kò gbọdọ̀ ju owó tí a fọwọ́ sí lọ.',
    generated: (at) => `FleetFuel ṣe é ní ${at}`,
    page: (page, pages) => `Ojú-ìwé ${page} nínú ${pages}`,
  },
  ig: {
    fuelTitle: 'Coupon Mmanụ',
    workOrderTitle: 'Akwụkwọ Ọrụ Nrụzi',
    code: 'Koodu coupon',
    howToUse: 'Pịnye koodu a na ọdụ mmanụ, ma ọ bụ nyochaa koodu QR.',
    organization: 'Ụlọ ọrụ',
    vehicle: 'Ụgbọala',
    plate: 'Nọmba ụgbọala',
    fuel: 'Mmanụ',
    volume: 'Ọnụọgụ (kachasị)',
    priceLocked: 'Ọnụahịa akpọchiri',
    perUnit: (unit) => `kwa ${unit}`,
    station: 'Ọdụ mmanụ',
    supplyDate: 'Ụbọchị ịzụ',
    expires: 'Ọ ga-agwụ',
    requestedBy: 'Onye rịọrọ',
    approvedBy: 'Onye kwadoro',
    status: 'Ọnọdụ',
    statuses: { APPROVED: 'AKWADORO', COMPLETED: 'EJIRILA YA' },
    work: 'Ọrụ',
    approvedCost: 'Ego akwadoro (kachasị)',
    noStation: 'Ọ dịghị: ụlọ ọrụ ga-emecha ya',
    date: 'Ụbọchị',
    fuelTerms:
      'Ọ bụ naanị otu ugboro, naanị na ọdụ mmanụ e dere n’elu, agaghị agafe ọnụọgụ e gosiri, tupu ọ gwụ. Ọdụ mmanụ ga-etinye ma dee ọnụọgụ ya; ụlọ ọrụ ga-akwụ ụgwọ ihe etinyere.',
    workTerms:
      'Ọ bụ naanị otu ugboro, na ebe e dere n’elu (ma ọ bụ onye isi ụlọ ọrụ ga-emecha ya ma ọ bụrụ na enweghị ebe), agaghị agafe ego akwadoro.',
    generated: (at) => `FleetFuel mepụtara ya na ${at}`,
    page: (page, pages) => `Ibe ${page} n’ime ${pages}`,
  },
};
