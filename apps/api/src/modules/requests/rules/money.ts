/** The arithmetic of a redemption: what a volume costs at a locked price, and the platform's fee on it. */

/** Kobo for a volume (to the centilitre) at a price per unit, rounded to the nearest kobo. */
export function costOf(volume: number | string, priceKobo: bigint): bigint {
  const centi = BigInt(Math.round(Number(volume) * 100));
  return (centi * priceKobo + 50n) / 100n;
}

/** The platform's fee in basis points of an amount, rounded down to the kobo. */
export const feeOf = (amount: bigint, feeBps: number) => (amount * BigInt(feeBps)) / 10_000n;
