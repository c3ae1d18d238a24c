// A step of the start (main.tsx): the interface kit's base, React Aria, in a task of its own. Its
// modules read the browser's locale as they are evaluated (Intl.Locale#maximize,
// supportedLocalesOf), which loads the engine's locale data: about 15 ms on a desktop, the largest
// single piece of the app's evaluation.
export { KitLocale } from '@lumen/ui';
