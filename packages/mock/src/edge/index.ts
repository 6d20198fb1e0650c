// @mediagen/mock/edge: the bounds the mocks put on their HTTP edge, for any node:http server that
// wants the same (the conformance suite's validating proxy uses them). `readBody` reads a request
// body within a size, a time and a shared in-flight budget; `createEdgeServer` is the whole edge
// (timeouts, connection cap, Host/Origin gate, request log) around a handler.

export { type BodyBudget, type BodyRead, createBodyBudget, hasBody, type ReadOptions, readBody } from './body.js';
export { codeFor, type ErrorBody, errorBody, MOCK_HEADER, type MockKind, scrub } from './envelope.js';
export { createGate, type Gate, type GateOptions, gateFor, originOfUrl, type Verdict } from './gate.js';
export { answerClientErrors, answerUnread, refuse, sendJson } from './http.js';
export { type JsonRead, nestsDeeperThan, parseJsonBody } from './json.js';
export { EDGE_LIMITS, type EdgeLimits, resolveEdgeLimits } from './limits.js';
export { capConnections, createEdgeServer, type EdgeServerOptions, type EdgeTools, type RequestLogEntry, requestLine, serverOptions } from './server.js';
