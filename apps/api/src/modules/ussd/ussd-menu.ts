/**
 * The driver's menu once the PIN was right: a state machine over the driver's key presses. Each
 * step reads and writes through the services the web app calls (fuel requests, users), as the
 * driver: every limit, policy and validation of theirs applies, and a refusal is shown to the
 * driver on the last screen instead of failing the call.
 */
import { LANGUAGES, LANGUAGE_NAMES, fuelRequestCreateBodySchema, type Language } from '@fleetfuel/contract';
import { lagosDate } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { FuelRequestsService } from '../requests/index.js';
import type { UsersService } from '../users/index.js';
import { cut, end, listChoice, listScreen, PREVIOUS_PAGE, USSD_REPLY_MAX, withError, type UssdReply } from './ussd-screens.js';
import { PARAMETER_MAX, say, type UssdTextKey } from './ussd-texts.js';
import { couponLabels, stationsOfState, statesOf, statusScreen } from './ussd-lists.js';

/** Where the driver is in the menu, kept in the session between callbacks. */
export type MenuStep =
  | { step: 'menu' }
  | { step: 'litres' }
  | { step: 'state'; litres: number; page: number }
  | { step: 'station'; litres: number; state: string | null; page: number }
  | { step: 'confirm'; litres: number; stationId: string }
  | { step: 'coupons'; page: number }
  | { step: 'language' };

export interface MenuServices {
  fuelRequests: FuelRequestsService;
  users: UsersService;
}

export interface MenuContext {
  services: MenuServices;
  actor: Actor;
  language: Language;
  now: Date;
  /** Called after a fuel request was raised or the language changed, for the audit trail. */
  audit: (
    event: { kind: 'request_created'; requestId: string } | { kind: 'language_changed'; from: Language; to: Language },
  ) => Promise<void>;
}

/** After one key press: the next step (with an error line, or a note, above its screen), or the last screen. */
export type MenuOutcome = { at: MenuStep; note?: UssdTextKey | undefined; language?: Language } | { done: UssdReply };

/** Litres as a driver types them: a whole number or one with up to two decimals. */
const LITRES = /^\d{1,5}(\.\d{1,2})?$/;

export const MENU: MenuStep = { step: 'menu' };

const stay = (at: MenuStep, note: UssdTextKey = 'invalid'): MenuOutcome => ({ at, note });

/** A refusal of a service on the last screen, cut to fit. */
export function refusedScreen(language: Language, reason: string): UssdReply {
  const room = USSD_REPLY_MAX - 'END '.length - say(language, 'refused', { reason: '' }).length;
  return end(say(language, 'refused', { reason: cut(reason, room) }));
}

async function onMenu(context: MenuContext, input: string): Promise<MenuOutcome> {
  const { language, services, actor } = context;
  switch (input) {
    case '1': {
      const self = await services.users.getSelf(actor.userId);
      return self.vehicle ? { at: { step: 'litres' } } : { done: end(say(language, 'noVehicle')) };
    }
    case '2': {
      const coupons = await couponLabels(context);
      return coupons.length > 0 ? { at: { step: 'coupons', page: 0 } } : { done: end(say(language, 'noCoupons')) };
    }
    case '3':
      return { done: end(await statusScreen(context)) };
    case '4':
      return { at: { step: 'language' } };
    case '0':
      return { done: end(say(language, 'goodbye')) };
    default:
      return stay(MENU);
  }
}

async function onLitres(context: MenuContext, input: string): Promise<MenuOutcome> {
  if (input === PREVIOUS_PAGE) return { at: MENU };
  const litres = Number(input);
  if (!LITRES.test(input) || !(litres > 0)) return stay({ step: 'litres' }, 'invalidLitres');
  const states = await statesOf(context);
  return states.length > 0 ? { at: { step: 'state', litres, page: 0 } } : { done: end(say(context.language, 'noStations')) };
}

async function onState(context: MenuContext, at: Extract<MenuStep, { step: 'state' }>, input: string): Promise<MenuOutcome> {
  const states = await statesOf(context);
  const choice = listChoice(input, { ...stateList(context, states), page: at.page });
  if (choice.kind === 'next') return { at: { ...at, page: at.page + 1 } };
  if (choice.kind === 'previous') return { at: at.page > 0 ? { ...at, page: at.page - 1 } : { step: 'litres' } };
  if (choice.kind === 'invalid') return stay(at);
  return { at: { step: 'station', litres: at.litres, state: states[choice.index]?.state ?? null, page: 0 } };
}

async function onStation(context: MenuContext, at: Extract<MenuStep, { step: 'station' }>, input: string): Promise<MenuOutcome> {
  const stations = await stationsOfState(context, at.state);
  const choice = listChoice(input, { ...stationList(context, at.state, stations), page: at.page });
  if (choice.kind === 'next') return { at: { ...at, page: at.page + 1 } };
  if (choice.kind === 'previous') return { at: at.page > 0 ? { ...at, page: at.page - 1 } : { step: 'state', litres: at.litres, page: 0 } };
  const station = choice.kind === 'item' ? stations[choice.index] : undefined;
  return station ? { at: { step: 'confirm', litres: at.litres, stationId: station.id } } : stay(at);
}

/** The request, raised as the web app raises it: the driver's vehicle, today in Lagos. */
async function raiseRequest(context: MenuContext, at: Extract<MenuStep, { step: 'confirm' }>): Promise<MenuOutcome> {
  const { services, actor, language } = context;
  const self = await services.users.getSelf(actor.userId);
  if (!self.vehicle) return { done: end(say(language, 'noVehicle')) };
  const body = fuelRequestCreateBodySchema.safeParse({
    vehicleId: self.vehicle.id,
    stationId: at.stationId,
    supplyDate: lagosDate(context.now),
    volume: at.litres,
  });
  if (!body.success) return { done: refusedScreen(language, body.error.issues[0]?.message ?? 'invalid request') };
  try {
    const created = await services.fuelRequests.create(actor, body.data);
    await context.audit({ kind: 'request_created', requestId: created.request.id });
    return { done: end(say(language, 'requested')) };
  } catch (error) {
    if (error instanceof AppError) return { done: refusedScreen(language, error.message) };
    throw error;
  }
}

async function onConfirm(context: MenuContext, at: Extract<MenuStep, { step: 'confirm' }>, input: string): Promise<MenuOutcome> {
  if (input === '1') return raiseRequest(context, at);
  if (input === '2') return { done: end(say(context.language, 'cancelled')) };
  return stay(at);
}

async function onCoupons(context: MenuContext, at: Extract<MenuStep, { step: 'coupons' }>, input: string): Promise<MenuOutcome> {
  const coupons = await couponLabels(context);
  const choice = listChoice(input, { ...couponList(context, coupons), page: at.page });
  if (choice.kind === 'next') return { at: { ...at, page: at.page + 1 } };
  if (choice.kind === 'previous') return { at: at.page > 0 ? { ...at, page: at.page - 1 } : MENU };
  const coupon = choice.kind === 'item' ? coupons[choice.index] : undefined;
  if (!coupon) return stay(at);
  try {
    await context.services.fuelRequests.textCoupon(context.actor, coupon.id);
  } catch (error) {
    if (error instanceof AppError) return { done: refusedScreen(context.language, error.message) };
    throw error;
  }
  return { done: end(say(context.language, 'couponSent', { code: coupon.code })) };
}

async function onLanguage(context: MenuContext, input: string): Promise<MenuOutcome> {
  if (input === PREVIOUS_PAGE) return { at: MENU };
  const chosen = /^[1-9]$/.test(input) ? LANGUAGES[Number(input) - 1] : undefined;
  if (!chosen) return stay({ step: 'language' });
  await context.services.users.updateOwnProfile(context.actor, { language: chosen }, undefined);
  if (chosen !== context.language) await context.audit({ kind: 'language_changed', from: context.language, to: chosen });
  return { at: MENU, note: 'languageSaved', language: chosen };
}

/** One key press at `at`. */
export function onInput(context: MenuContext, at: MenuStep, input: string): Promise<MenuOutcome> {
  switch (at.step) {
    case 'menu':
      return onMenu(context, input);
    case 'litres':
      return onLitres(context, input);
    case 'state':
      return onState(context, at, input);
    case 'station':
      return onStation(context, at, input);
    case 'confirm':
      return onConfirm(context, at, input);
    case 'coupons':
      return onCoupons(context, at, input);
    case 'language':
      return onLanguage(context, input);
  }
}

function stateList(context: MenuContext, states: Awaited<ReturnType<typeof statesOf>>) {
  const { language } = context;
  return {
    title: say(language, 'pickState'),
    labels: states.map((entry) => entry.state ?? say(language, 'otherState')),
    more: say(language, 'more'),
    back: say(language, 'back'),
  };
}

function stationList(context: MenuContext, state: string | null, stations: Awaited<ReturnType<typeof stationsOfState>>) {
  const { language } = context;
  return {
    title: say(language, 'pickStation', { state: cut(state ?? say(language, 'otherState'), PARAMETER_MAX.state) }),
    labels: stations.map((station) => station.name),
    more: say(language, 'more'),
    back: say(language, 'back'),
  };
}

function couponList(context: MenuContext, coupons: Awaited<ReturnType<typeof couponLabels>>) {
  const { language } = context;
  return {
    title: say(language, 'couponsTitle'),
    labels: coupons.map((coupon) => coupon.label),
    more: say(language, 'more'),
    back: say(language, 'back'),
  };
}

/** The screen of `at`, with the note (an error, or "language saved") above it. */
export async function screenOf(context: MenuContext, at: MenuStep, note?: UssdTextKey): Promise<string> {
  const { language } = context;
  const error = note ? say(language, note) : undefined;
  switch (at.step) {
    case 'menu':
      return withError(say(language, 'menu'), error);
    case 'litres': {
      const self = await context.services.users.getSelf(context.actor.userId);
      const plate = self.vehicle?.plateNumber ?? self.vehicle?.model ?? '';
      return withError(say(language, 'askLitres', { plate: cut(plate, PARAMETER_MAX.plate) }), error);
    }
    case 'state':
      return listScreen({ ...stateList(context, await statesOf(context)), page: at.page, error });
    case 'station':
      return listScreen({ ...stationList(context, at.state, await stationsOfState(context, at.state)), page: at.page, error });
    case 'confirm':
      return withError(await confirmScreen(context, at), error);
    case 'coupons':
      return listScreen({ ...couponList(context, await couponLabels(context)), page: at.page, error });
    case 'language':
      return languageScreen(language, error);
  }
}

/** The five languages by their own names, numbered as `LANGUAGES` orders them. */
export function languageScreen(language: Language, error?: string): string {
  const choices = LANGUAGES.map((code, index) => `${index + 1} ${LANGUAGE_NAMES[code]}`);
  return withError([say(language, 'languageTitle'), ...choices, say(language, 'back')].join('\n'), error);
}

async function confirmScreen(context: MenuContext, at: Extract<MenuStep, { step: 'confirm' }>): Promise<string> {
  const self = await context.services.users.getSelf(context.actor.userId);
  const stations = await context.services.fuelRequests.stationsWithState();
  const station = stations.find((entry) => entry.id === at.stationId)?.name ?? '';
  const plate = self.vehicle?.plateNumber ?? self.vehicle?.model ?? '';
  return say(context.language, 'confirm', {
    litres: at.litres,
    plate: cut(plate, PARAMETER_MAX.plate),
    station: cut(station, PARAMETER_MAX.station),
  });
}
