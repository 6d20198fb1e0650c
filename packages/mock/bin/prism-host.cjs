#!/usr/bin/env node
// Runs Prism for @mediagen/mock, as a child process of the mock. Prism's own CLI can only listen on
// a TCP port any local process can reach; this host starts the same Prism server (prism-cli's
// single-process mock, with Prism's own CORS off) on a Unix socket in a private directory (a named
// pipe on Windows), and only answers requests that carry the per-run secret the mock's front adds.
// It reads its settings as one JSON line on stdin and keeps reading: when the mock ends, however it
// ends (SIGKILL included), stdin closes and this process exits, so Prism is never left behind.
'use strict';

const http = require('node:http');
const Module = require('node:module');

/** Constant-time comparison of two strings. */
function same(given, expected) {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

function refuse(res, status, message) {
  const body = JSON.stringify({ err: { code: status === 403 ? 'forbidden' : 'bad_request', message } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
}

/**
 * Every request reaching any server of this process must carry the secret (and a path of valid
 * percent-encoding, which Prism's router otherwise throws on). The check sits on the server's
 * 'request' event, before Prism's handler sees the request.
 */
function guard(header, secret) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function guarded(event, ...rest) {
    if (event !== 'request') return emit.call(this, event, ...rest);
    const [req, res] = rest;
    if (!same(req.headers[header], secret)) {
      req.resume();
      refuse(res, 403, 'Prism answers the mock only');
      return true;
    }
    delete req.headers[header];
    try {
      decodeURIComponent((req.url || '/').split('?')[0]);
    } catch {
      req.resume();
      refuse(res, 400, 'the path is not valid percent-encoding');
      return true;
    }
    return emit.call(this, event, ...rest);
  };
}

/**
 * Forwards every operation to `real()`, a function that loads the object the first time it is
 * called, except the keys of `own`, answered from there. Methods read through it are bound to the
 * object itself.
 */
function lazy(real, own = {}) {
  return new Proxy(
    {},
    {
      get: (_, key) => {
        if (Object.hasOwn(own, key)) return own[key];
        const target = real();
        const value = target[key];
        return typeof value === 'function' ? value.bind(target) : value;
      },
      set: (_, key, value) => {
        real()[key] = value;
        return true;
      },
      has: (_, key) => key in real(),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Object.getOwnPropertyDescriptor(real(), key);
        return descriptor && { ...descriptor, configurable: true };
      },
    },
  );
}

/**
 * Prism's generator requires @faker-js/faker when it loads, every locale of it: more than half of
 * this process's start-up. Only generated answers use it (--dynamic, a `Prefer: dynamic=true`
 * request, a document's faker locale), through json-schema-faker, which keeps the faker instance it
 * is given. In static mode the module Prism requires is a stand-in, and the instance it gives is
 * too: the real module loads the first time anything is read from either. When Prism's layout is not
 * the one expected, nothing is deferred.
 */
function deferFaker(serverModule) {
  let path;
  try {
    const prismHttp = Module.createRequire(serverModule).resolve('@stoplight/prism-http');
    path = Module.createRequire(prismHttp).resolve('@faker-js/faker');
  } catch {
    return;
  }
  if (require.cache[path]) return;
  let loaded;
  const load = () => {
    if (loaded === undefined) {
      delete require.cache[path];
      loaded = require(path);
    }
    return loaded;
  };
  const instance = lazy(() => load().faker ?? load().default);
  const standIn = new Module(path);
  standIn.filename = path;
  standIn.loaded = true;
  standIn.exports = lazy(load, { default: instance, faker: instance });
  require.cache[path] = standIn;
}

function start(settings) {
  guard(settings.header, settings.secret);
  if (!settings.dynamic) deferFaker(settings.serverModule);
  const { createSingleProcessPrism } = require(settings.serverModule);
  createSingleProcessPrism({
    document: settings.document,
    dynamic: settings.dynamic,
    // Node's listen() takes a path where a port goes; Prism passes both on as given.
    port: settings.socket,
    host: undefined,
    cors: false,
    multiprocess: false,
    errors: false,
    verboseLevel: 'info',
    ignoreExamples: false,
    seed: null,
    jsonSchemaFakerFillProperties: undefined,
  }).catch(() => {
    // Prism has printed why (its fatal line); the mock reads it from our output.
    process.exit(1);
  });
}

let pending = '';
let started = false;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  if (started) return;
  pending += chunk;
  const end = pending.indexOf('\n');
  if (end === -1) return;
  started = true;
  start(JSON.parse(pending.slice(0, end)));
  pending = '';
});
// The mock is gone (or stopped us): stdin closed.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
