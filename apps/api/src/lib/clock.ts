/** The time source of the api; tests inject a controllable one (expiry, rate-limit windows). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
