// The lazily loaded part of the client, `waiting.ts` (waiting for generations, uploads, walking
// pages: what takes requests and seconds anyway), loaded on first use.
export const waiting = () => import('./waiting.js');
