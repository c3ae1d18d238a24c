// The second step of the start (main.tsx): the router, evaluated in a task of its own.
export { unstable_HistoryRouter, UNSAFE_createBrowserHistory, useRoutes } from 'react-router';
