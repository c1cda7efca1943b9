/** Time units and the local calendar the demo series follow (all instants are epoch ms). */

export const second = 1000;
export const hour = 3_600_000;
export const day = 86_400_000;
export const year = 365.2425 * day;
/** Spain's winter offset: daily cycles (pumping, consumption) follow local time, not UTC. */
export const localOffset = hour;

/** Fraction of the year (0 = 1 January) and hour of the local day. */
export const yearFraction = (t: number) => (((t / year) % 1) + 1) % 1;
export const localHour = (t: number) => ((((t + localOffset) % day) + day) % day) / hour;
export const localDay = (t: number) => Math.floor((t + localOffset) / day);
