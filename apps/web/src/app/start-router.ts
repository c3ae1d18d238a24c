// The second step of the start (main.tsx): the router, evaluated in a task of its own.
export { createBrowserRouter, RouterProvider } from 'react-router';
