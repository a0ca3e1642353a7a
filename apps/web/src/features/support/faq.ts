/** The common questions of the Support page, each for the roles it concerns (domain rules). */
import type { Role } from '@fleetfuel/contract';

export interface FaqEntry {
  question: string;
  answer: string;
  roles: readonly Role[];
}

const ORGANIZATION: readonly Role[] = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR', 'DRIVER'];
const ORGANIZATION_ADMINS: readonly Role[] = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR'];
const STATION: readonly Role[] = ['STATION_REP', 'ATTENDANT'];

const FAQ: readonly FaqEntry[] = [
  {
    question: 'How do I request fuel?',
    answer:
      'On Fuel Tracking, open Generate Coupon: choose the vehicle, the station, the volume and a supply date from today on. A driver requests fuel for the vehicle assigned to them. The organization admin then approves or rejects the request; an approval locks the station’s current price and issues a coupon (a PDF with a short code and a QR code).',
    roles: [...ORGANIZATION, 'ADMIN'],
  },
  {
    question: 'How long is a coupon valid, and what happens when it expires?',
    answer:
      'A coupon is valid for the organization’s coupon validity (3 days after the supply date unless the admin changed it in Settings). An unused coupon that expires releases the money held for it.',
    roles: ORGANIZATION,
  },
  {
    question: 'How does a station redeem a coupon?',
    answer:
      'At the chosen station, the attendant or representative opens Redeem Coupon, scans the QR code or types the code, checks the vehicle and approved volume, and enters the volume dispensed (never more than approved). A coupon redeems once; an expired coupon or one for another station is refused.',
    roles: [...ORGANIZATION, ...STATION, 'ADMIN'],
  },
  {
    question: 'How do I fund the wallet?',
    answer:
      'On Wallet, fund the wallet by card. The balance is credited once the payment provider confirms the payment. An approval holds volume × price on the wallet, so approvals need enough available balance (balance minus holds).',
    roles: ORGANIZATION_ADMINS,
  },
  {
    question: 'How is my station paid?',
    answer:
      'Each redeemed coupon credits the station wallet with the amount dispensed at the locked price, less the platform fee. Add and verify the station’s bank account on Wallet; the FleetFuel team settles payouts to that account.',
    roles: ['STATION_REP'],
  },
  {
    question: 'How do I set fuel prices?',
    answer:
      'In Settings, set a price for each fuel your station sells. A new price applies to requests approved after it; approved coupons keep the price they were approved at.',
    roles: ['STATION_REP'],
  },
  {
    question: 'What do plan limits mean?',
    answer:
      'Your subscription plan caps the number of drivers and assets, and the fuel and maintenance requests per billing cycle (a limit of 0 or empty is unlimited). When a limit is reached the request is refused with a message naming the limit; Billing shows the current usage and lets the organization admin renew when the plan is due.',
    roles: ORGANIZATION,
  },
  {
    question: 'How do wallet credits and plan limits work for clients?',
    answer:
      'Organizations fund their wallets by card; the platform admin can also credit or debit a wallet with Change Balance and settles station payouts. Plan limits (drivers, assets, fuel and maintenance requests per cycle) are set on the plans in Settings; 0 or empty means unlimited.',
    roles: ['ADMIN'],
  },
  {
    question: 'I forgot my password or lost my phone. What should I do?',
    answer:
      'Use “Forgot Password” on the sign-in page to receive a reset link by e-mail. If a device you no longer hold is signed in, end its session under Account Settings → Security and change your password.',
    roles: ['ADMIN', ...ORGANIZATION, ...STATION],
  },
];

export function faqFor(role: Role): FaqEntry[] {
  return FAQ.filter((entry) => entry.roles.includes(role));
}
