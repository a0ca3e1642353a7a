/** A TCP port that nothing listens on at this moment (the kernel's choice). */
export function freePort(): Promise<number>;
