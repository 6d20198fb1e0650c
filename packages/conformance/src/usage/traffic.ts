// The one place usage and upgrades reach into the judging of traffic: how an observed exchange is
// routed to its operation and how its query and body are read. (Kept to this file so that a change
// of the traffic layer is one import to repoint.)
export { bodyOf, type Observed, queryOf } from '../traffic/observed.js';
export { type Base, baseOf, pathUnder, type Route, routeOf } from '../traffic/routes.js';
