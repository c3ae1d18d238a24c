/** A step is active, completed or disabled; in a non-linear stepper the others are just available. */
export type StepState = 'active' | 'completed' | 'disabled' | 'available';

/**
 * States of `count` steps (configuration-domain §4). Linear: steps before the active are completed,
 * after it disabled. Non-linear: none completed or disabled.
 */
export function stepStates(count: number, activeIndex: number, linear: boolean): StepState[] {
  return Array.from({ length: count }, (_, index) => {
    if (index === activeIndex) return 'active';
    if (!linear) return 'available';
    return index < activeIndex ? 'completed' : 'disabled';
  });
}
