/**
 * What the USSD menu says, in each of the five languages a driver may choose (issue 46). Plain,
 * short words for a feature phone's small screen: letters without tone marks, so that every handset
 * shows them. `{name}` marks a parameter; ussd-screens.ts keeps every screen within 182 characters.
 */
import type { Language, RequestStatus } from '@fleetfuel/contract';

type Catalog = Record<Language, string>;

const TEXTS = {
  welcome: {
    en: 'Welcome to FleetFuel. Enter your pump PIN:',
    pcm: 'Welcome to FleetFuel. Put your pump PIN:',
    ha: 'Barka da zuwa FleetFuel. Shigar da PIN naka na famfo:',
    yo: 'E kaabo si FleetFuel. Te PIN pump re:',
    ig: 'Nnoo na FleetFuel. Tinye PIN pump gi:',
  },
  pinWrong: {
    en: 'Wrong PIN. Enter your pump PIN again:',
    pcm: 'PIN no correct. Put your pump PIN again:',
    ha: 'PIN ba daidai ba ne. Sake shigar da PIN naka:',
    yo: 'PIN ko to. Tun PIN re te:',
    ig: 'PIN ezighi ezi. Tinye PIN gi ozo:',
  },
  pinLocked: {
    en: 'Too many wrong PINs. Try again in {minutes} min.',
    pcm: 'Wrong PIN don too much. Try again after {minutes} min.',
    ha: 'Kuskuren PIN sun yi yawa. Sake gwadawa bayan minti {minutes}.',
    yo: 'PIN ti ko to ti po ju. Gbiyanju lehin iseju {minutes}.',
    ig: 'PIN ezighi ezi adila otutu. Nwaa ozo mgbe nkeji {minutes} gachara.',
  },
  noPin: {
    en: 'You have no pump PIN yet. Set it in the FleetFuel app, then dial again.',
    pcm: 'You never set pump PIN. Set am for FleetFuel app, then dial again.',
    ha: 'Baka da PIN na famfo tukuna. Saita shi a manhajar FleetFuel, sannan ka sake kira.',
    yo: 'O ko ti ni PIN pump. Se e ninu app FleetFuel, ki o tun pe.',
    ig: 'I nweghi PIN pump ka. Tinye ya na app FleetFuel, wee kpoo ozo.',
  },
  unknownNumber: {
    en: 'This number cannot use FleetFuel USSD. Ask your fleet manager to add it to your driver account.',
    pcm: 'This number no fit use FleetFuel USSD. Ask your fleet manager make e add am to your driver account.',
    ha: 'Wannan lambar ba za ta iya amfani da FleetFuel USSD ba. Ka roki manajan motocinka ya saka ta.',
    yo: 'Nomba yii ko le lo FleetFuel USSD. Beere lowo alakoso oko re ki o fi kun account re.',
    ig: 'Nomba a enweghi ike iji FleetFuel USSD. Gwa onye isi ugbo ala gi ka o tinye ya.',
  },
  blocked: {
    en: 'Your FleetFuel account cannot be used now. Contact your fleet manager.',
    pcm: 'Your FleetFuel account no dey work now. Talk to your fleet manager.',
    ha: 'Ba za a iya amfani da asusunka na FleetFuel yanzu ba. Tuntubi manajan motocinka.',
    yo: 'Account FleetFuel re ko sise bayii. Kan si alakoso oko re.',
    ig: 'Enweghi ike iji akaunti FleetFuel gi ugbu a. Kpoturu onye isi ugbo ala gi.',
  },
  menu: {
    en: 'FleetFuel\n1 Request fuel\n2 My coupons\n3 Request status\n4 Language\n0 Exit',
    pcm: 'FleetFuel\n1 Ask for fuel\n2 My coupon dem\n3 How my request be\n4 Language\n0 Comot',
    ha: 'FleetFuel\n1 Nemi mai\n2 Kuponina\n3 Matsayin bukata\n4 Harshe\n0 Fita',
    yo: 'FleetFuel\n1 Beere epo\n2 Kupon mi\n3 Ipo ibeere\n4 Ede\n0 Jade',
    ig: 'FleetFuel\n1 Rio mmanu\n2 Kupon m\n3 Onodu aririo\n4 Asusu\n0 Puo',
  },
  askLitres: {
    en: 'Fuel for {plate}. How many litres?',
    pcm: 'Fuel for {plate}. How many litres you want?',
    ha: 'Mai don {plate}. Lita nawa?',
    yo: 'Epo fun {plate}. Lita melo?',
    ig: 'Mmanu maka {plate}. Lita ole?',
  },
  noVehicle: {
    en: 'No vehicle is assigned to you. Ask your fleet manager.',
    pcm: 'Dem never give you vehicle for FleetFuel. Ask your fleet manager.',
    ha: 'Ba a ba ka mota ba tukuna. Tambayi manajan motocinka.',
    yo: 'Ko si oko ti a fun o. Beere lowo alakoso oko re.',
    ig: 'Enyebeghi gi ugbo ala. Juo onye isi ugbo ala gi.',
  },
  pickState: {
    en: "Choose the station's state:",
    pcm: 'Choose the state wey the station dey:',
    ha: 'Zabi jihar gidan mai:',
    yo: 'Yan ipinle ile epo:',
    ig: 'Horo steeti ebe ulo mmanu di:',
  },
  otherState: { en: 'Other', pcm: 'Other one', ha: 'Sauran', yo: 'Omiran', ig: 'Ndi ozo' },
  noStations: {
    en: 'No fuel station is open for requests now.',
    pcm: 'No station dey open for request now.',
    ha: 'Babu gidan mai da ke karbar bukata yanzu.',
    yo: 'Ko si ile epo to si sile fun ibeere bayii.',
    ig: 'O nweghi ulo mmanu meghere maka aririo ugbu a.',
  },
  pickStation: {
    en: 'Stations in {state}:',
    pcm: 'Stations for {state}:',
    ha: 'Gidajen mai a {state}:',
    yo: 'Ile epo ni {state}:',
    ig: 'Ulo mmanu na {state}:',
  },
  more: { en: '0 More', pcm: '0 More', ha: '0 Kari', yo: '0 Siwaju', ig: '0 Ozo' },
  back: { en: '00 Back', pcm: '00 Go back', ha: '00 Baya', yo: '00 Pada', ig: '00 Laghachi' },
  confirm: {
    en: 'Request {litres} L for {plate} at {station} today?\n1 Yes\n2 No',
    pcm: 'Make we request {litres} L for {plate} for {station} today?\n1 Yes\n2 No',
    ha: 'A nemi lita {litres} don {plate} a {station} yau?\n1 Eh\n2 A a',
    yo: 'Se ki a beere lita {litres} fun {plate} ni {station} loni?\n1 Beeni\n2 Rara',
    ig: 'Ka a rio lita {litres} maka {plate} na {station} taa?\n1 Ee\n2 Mba',
  },
  requested: {
    en: 'Request sent. When it is approved, the coupon comes by SMS.',
    pcm: 'Request don go. When dem approve am, coupon go come by SMS.',
    ha: 'An aika da bukata. Idan aka amince, kupon zai zo ta SMS.',
    yo: 'A ti fi ibeere ranse. Ti won ba fowo si, kupon yoo de nipa SMS.',
    ig: 'E zigara aririo. Mgbe a kwadoro ya, kupon ga-abia site na SMS.',
  },
  cancelled: {
    en: 'Cancelled. Nothing was sent.',
    pcm: 'E don cancel. Nothing go.',
    ha: 'An soke. Ba a aika komai ba.',
    yo: 'A ti fagile. Ko si ohun ti a fi ranse.',
    ig: 'Akagbuola ya. O nweghi ihe ezigara.',
  },
  refused: {
    en: 'Not sent: {reason}',
    pcm: 'E no go: {reason}',
    ha: 'Ba a aika ba: {reason}',
    yo: 'Ko lo: {reason}',
    ig: 'Ezighi ya: {reason}',
  },
  noCoupons: {
    en: 'You have no coupon to use now.',
    pcm: 'You no get coupon wey you fit use now.',
    ha: 'Ba ka da kupon da za ka yi amfani da shi yanzu.',
    yo: 'O ko ni kupon ti o le lo bayii.',
    ig: 'I nweghi kupon i nwere ike iji ugbu a.',
  },
  couponsTitle: {
    en: 'Coupons (choose one for SMS):',
    pcm: 'Your coupon dem (choose one for SMS):',
    ha: 'Kuponinka (zabi daya don SMS):',
    yo: 'Kupon re (yan okan fun SMS):',
    ig: 'Kupon gi (horo otu maka SMS):',
  },
  couponLine: {
    en: '{code} till {expires}',
    pcm: '{code} till {expires}',
    ha: '{code} zuwa {expires}',
    yo: '{code} titi {expires}',
    ig: '{code} ruo {expires}',
  },
  couponSent: {
    en: 'Coupon {code} was sent to your phone by SMS.',
    pcm: 'We don send coupon {code} to your phone by SMS.',
    ha: 'An aika kupon {code} zuwa wayarka ta SMS.',
    yo: 'A ti fi kupon {code} ranse si foonu re nipa SMS.',
    ig: 'Ezigala kupon {code} na ekwenti gi site na SMS.',
  },
  statusTitle: {
    en: 'Your latest requests:',
    pcm: 'Your last request dem:',
    ha: 'Bukatunka na karshe:',
    yo: 'Awon ibeere re to kehin:',
    ig: 'Aririo gi ndi ikpeazu:',
  },
  noRequests: {
    en: 'You have no fuel request yet.',
    pcm: 'You never request fuel.',
    ha: 'Ba ka da bukatar mai tukuna.',
    yo: 'O ko ti beere epo kankan.',
    ig: 'I rioghi mmanu ka.',
  },
  languageTitle: {
    en: 'Choose your language:',
    pcm: 'Choose your language:',
    ha: 'Zabi harshenka:',
    yo: 'Yan ede re:',
    ig: 'Horo asusu gi:',
  },
  languageSaved: {
    en: 'Language saved.',
    pcm: 'Language don change.',
    ha: 'An ajiye harshe.',
    yo: 'A ti fi ede pamo.',
    ig: 'Echekwala asusu.',
  },
  invalid: {
    en: 'Invalid choice.',
    pcm: 'Wetin you press no correct.',
    ha: 'Zabin bai dace ba.',
    yo: 'Yiyan ko to.',
    ig: 'Nhoro ezighi ezi.',
  },
  invalidLitres: {
    en: 'Type litres as a number, e.g. 20.',
    pcm: 'Type litres as number, like 20.',
    ha: 'Rubuta lita a lamba, misali 20.',
    yo: 'Ko lita ni nomba, bi 20.',
    ig: 'Dee lita dika onu ogugu, dika 20.',
  },
  throttled: {
    en: 'Too many tries. Wait a minute and dial again.',
    pcm: 'You don try too much. Wait small, dial again.',
    ha: 'Kun yi yunkuri da yawa. Jira minti daya ka sake kira.',
    yo: 'E ti gbiyanju ju. Duro iseju kan ki e tun pe.',
    ig: 'I nwaala otutu. Chere nkeji otu wee kpoo ozo.',
  },
  timedOut: {
    en: 'Your session timed out. Please dial again.',
    pcm: 'Your time don finish. Abeg dial again.',
    ha: 'Lokacinka ya kare. Da fatan za ka sake kira.',
    yo: 'Akoko re ti pari. Jowo tun pe.',
    ig: 'Oge gi agwula. Biko kpoo ozo.',
  },
  goodbye: {
    en: 'Thank you for using FleetFuel.',
    pcm: 'Thank you for using FleetFuel.',
    ha: 'Mun gode da amfani da FleetFuel.',
    yo: 'E se fun lilo FleetFuel.',
    ig: 'Daalu maka iji FleetFuel.',
  },
  failed: {
    en: 'Sorry, something went wrong. Please try again later.',
    pcm: 'Sorry, something spoil. Abeg try again later.',
    ha: 'Yi hakuri, an sami matsala. Sake gwadawa daga baya.',
    yo: 'E ma binu, nkan ko lo daadaa. Jowo gbiyanju nigbamii.',
    ig: 'Ndo, ihe adaghi nma. Biko nwaa ozo emesia.',
  },
} satisfies Record<string, Catalog>;

/** A request's status as a driver reads it. */
const STATUSES: Record<RequestStatus, Catalog> = {
  PENDING: { en: 'Pending', pcm: 'Dey wait', ha: 'Ana jira', yo: 'N duro', ig: 'Na-eche' },
  APPROVED: { en: 'Approved', pcm: 'Approved', ha: 'An amince', yo: 'A fowo si', ig: 'Akwadoro' },
  REJECTED: { en: 'Rejected', pcm: 'Dem reject am', ha: 'An ki', yo: 'A ko', ig: 'Ajuru' },
  COMPLETED: { en: 'Used', pcm: 'Don use am', ha: 'An yi amfani', yo: 'A ti lo', ig: 'Ejiri ya' },
  EXPIRED: { en: 'Expired', pcm: 'Don expire', ha: 'Ya kare', yo: 'O ti pari', ig: 'Agwula' },
};

/** The longest each parameter may be on a screen: longer names are cut (the tests fill every text with these). */
export const PARAMETER_MAX = { plate: 15, station: 30, state: 20 } as const;

export type UssdTextKey = keyof typeof TEXTS;
export const USSD_TEXT_KEYS = Object.keys(TEXTS) as UssdTextKey[];

/** The text of `key` in `language`, its `{name}` parameters filled in. */
export function say(language: Language, key: UssdTextKey, params: Readonly<Record<string, string | number>> = {}): string {
  const template: string = TEXTS[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function statusName(language: Language, status: RequestStatus): string {
  return STATUSES[status][language];
}
