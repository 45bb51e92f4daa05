// Opens many server-sent event streams in a process of its own, so a test measuring the server
// does not also pay for reading them: `node sse-clients.mjs <url> <cookie> <count>`. Prints
// `ready` once every stream got its ready event; on a stdin line `has <text>` prints how many
// streams have received `<text>`; on `calls` prints the fewest `event: call` any stream received.
import { get } from 'node:http';
import { createInterface } from 'node:readline';

const [url, cookie, count] = process.argv.slice(2);
const streams = [];
for (let index = 0; index < Number(count); index++) {
  const stream = { chunks: [], text: () => Buffer.concat(stream.chunks).toString('utf8') };
  streams.push(stream);
  get(url, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (response) => {
    response.on('data', (chunk) => {
      stream.chunks.push(chunk);
      if (!stream.ready && stream.text().includes('event: ready')) {
        stream.ready = true;
        if (streams.every((each) => each.ready)) console.log('ready');
      }
    });
  }).on('error', (error) => console.log(`error ${error.message}`));
}
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('has ')) console.log(String(streams.filter((stream) => stream.text().includes(line.slice(4))).length));
  if (line === 'calls') console.log(String(Math.min(...streams.map((stream) => (stream.text().match(/event: call\n/g) ?? []).length))));
});
