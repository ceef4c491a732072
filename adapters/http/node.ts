/** flagport's admin API on node:http: a request listener, and a server with a graceful close. */
export { readNodeBody, toNodeListener, type NodeListenerOptions } from './node-listener.js'
export { listen, type Listening, type ListenOptions } from './listen.js'
