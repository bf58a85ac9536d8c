// Offline after the first load: every file of the page is cached when the worker installs and
// served from the cache first. scripts/web writes the build's hash into the cache's name, so a
// new build installs a new cache and drops the old one.
const cache_name = 'lessonsim-@BUILD@';
const files = ['./', 'index.html', 'page.js', 'intl.js', 'intl-messageformat.js', 'lessonsim.js',
               'lessonsim.wasm', 'lessonsim.data', 'manifest.webmanifest', 'icon.svg',
               'icon-192.png', 'icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(cache_name).then((cache) => cache.addAll(files))
                    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('lessonsim-') && n !== cache_name)
                                      .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  // The address's query (?lesson=…) picks a step, not a file: the page is the same.
  event.respondWith(caches.open(cache_name)
    .then((cache) => cache.match(event.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(event.request)));
});
