// Code samples for an operation, made from the document's own examples: a curl command and a call of
// `@mediagen/client`. Neither carries a key: curl reads it from $MEDIAGEN_API_KEY, the client from
// process.env. Redoc shows them through the operation's `x-codeSamples`.

export const CURL_LABEL = 'curl';
export const CLIENT_LABEL = 'TypeScript';
/** Redoc's sample languages, in the order of its switch: the key of a sample is its label in lower case. */
export const SAMPLE_LANGUAGES = [
  { key: 'curl', label: CURL_LABEL, lang: 'bash' },
  { key: 'typescript', label: CLIENT_LABEL, lang: 'typescript' },
  { key: 'payload', label: 'Payload', lang: 'json' },
];

const shellQuote = (text) => `'${String(text).replace(/'/g, `'\\''`)}'`;

/** The value of a parameter's example (parameter, then schema), or a placeholder named after it. */
function exampleOf(parameter) {
  if (parameter.example !== undefined) return parameter.example;
  const examples = parameter.examples && Object.values(parameter.examples);
  if (examples?.[0]?.value !== undefined) return examples[0].value;
  if (parameter.schema?.example !== undefined) return parameter.schema.example;
  if (Array.isArray(parameter.schema?.examples) && parameter.schema.examples.length) return parameter.schema.examples[0];
  return `<${parameter.name}>`;
}

/** The first example of the JSON request body, if the operation has one. */
function bodyExample(operation) {
  const content = operation.requestBody?.content?.['application/json'];
  if (!content) return undefined;
  if (content.example !== undefined) return content.example;
  const first = content.examples && Object.values(content.examples)[0];
  return first?.value ?? content.schema?.example;
}

/**
 * What a call of the operation sends, from the examples: path parameters in the order of the path,
 * the required query parameters, the body.
 */
export function requestOf(path, operation) {
  const parameters = operation.parameters ?? [];
  const pathParameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => parameters.find((p) => p.in === 'path' && p.name === name) ?? { name });
  const pathValues = pathParameters.map((p) => [p.name, exampleOf(p)]);
  const query = parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, exampleOf(p)]);
  return { pathValues, query, body: bodyExample(operation) };
}

/** `curl` with the example request against `server`. */
export function curlSample(server, method, path, operation) {
  const { pathValues, query, body } = requestOf(path, operation);
  let url = server + pathValues.reduce((p, [name, value]) => p.replace(`{${name}}`, encodeURIComponent(String(value))), path);
  if (query.length) url += `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}`;
  const lines = [`curl -X ${method.toUpperCase()} ${shellQuote(url)}`, `-H "X-API-KEY: $MEDIAGEN_API_KEY"`];
  if (body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  return lines.join(' \\\n  ');
}

/**
 * The client call: `client.<group>.<method>(…)` with the path parameters, then the body, then the
 * required query, in that order (the order of the client's methods), each written as JSON.
 */
export function clientSample(method, path, operation) {
  const { pathValues, query, body } = requestOf(path, operation);
  const args = pathValues.map(([, value]) => JSON.stringify(String(value)));
  if (body !== undefined) args.push(JSON.stringify(body, null, 2));
  if (query.length) args.push(JSON.stringify(Object.fromEntries(query)));
  const call = `client.${method}(${args.join(', ')})`;
  return [
    `import { createClient } from '@mediagen/client';`,
    '',
    'const client = createClient({ apiKey: process.env.MEDIAGEN_API_KEY! });',
    `const data = await ${call};`,
  ].join('\n');
}

/** Redoc's `x-codeSamples` of one operation. */
export function codeSamples({ server, method, path, operation, clientMethod }) {
  return [
    { lang: 'bash', label: CURL_LABEL, source: curlSample(server, method, path, operation) },
    { lang: 'typescript', label: CLIENT_LABEL, source: clientSample(clientMethod, path, operation) },
  ];
}
