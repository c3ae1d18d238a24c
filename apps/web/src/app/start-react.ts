// The first step of the start (main.tsx): React and its DOM renderer, evaluated in a task of their own.
export { createRoot } from 'react-dom/client';
