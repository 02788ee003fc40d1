/*
 * lws-floor: the least a libwebsockets server must do for swipe-bench's load, as a floor to measure
 * swipe-server against (docs/BENCHMARKS.md). One service thread on lws's libev (epoll) loop, like
 * swipe-server's default. It speaks only what the load generator needs of the SwipeDeck protocol:
 * create/join answer a minimal welcome, the host's start broadcasts the phase, a swipe bumps the
 * card's count and broadcasts a tally, a drag is relayed to the other members as a cardState, a
 * ping gets a pong. No rules, no log, no validation beyond what keeps it from crashing: each
 * broadcast is encoded once, shared by reference, and every WRITEABLE writes everything queued for
 * the connection (up to 64 KiB) in one raw write, as swipe-server does.
 *
 * Build: benchmarks/lws-floor/build.sh   Run: lws-floor [--port N] [--poll]
 * Prints "lws-floor listening on ws://127.0.0.1:PORT/" once it accepts connections.
 */
#define _GNU_SOURCE
#include <libwebsockets.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_MESSAGE (64 * 1024)
#define BATCH_BYTES (64 * 1024)

struct message { int refs; size_t len; unsigned char data[]; };

struct room;
struct conn {
	struct lws *wsi;
	struct room *room;
	int member;
	unsigned char *rx; size_t rx_len;
	struct message **queue; size_t head, count, capacity;
};

struct tally { char card[64]; int likes, nopes, super_likes, voted; };

struct room {
	char code[16];
	int voting, next_member;
	struct conn **conns; size_t nconns, cap;
	struct tally *tallies; size_t ntallies, tcap;
	struct room *next;
};

static struct room *rooms;
static int room_counter;
static volatile int interrupted;
static unsigned char batch[LWS_PRE + BATCH_BYTES + 16];

static double now_ms(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* The string value of a top-level-looking "key" (client messages are flat where it matters). */
static int find_string(const unsigned char *in, size_t len, const char *key, char *out, size_t outlen) {
	char needle[40];
	int n = snprintf(needle, sizeof(needle), "\"%s\":\"", key);
	const unsigned char *p = memmem(in, len, needle, (size_t)n);
	if (!p) return 0;
	p += n;
	size_t i = 0;
	while (p < in + len && *p != '"' && i + 1 < outlen) out[i++] = (char)*p++;
	out[i] = '\0';
	return p < in + len && *p == '"';
}

static double find_number(const unsigned char *in, size_t len, const char *key) {
	char needle[40], digits[40];
	int n = snprintf(needle, sizeof(needle), "\"%s\":", key);
	const unsigned char *p = memmem(in, len, needle, (size_t)n);
	if (!p) return 0;
	p += n;
	size_t i = 0;
	while (p < in + len && i + 1 < sizeof(digits) && strchr("-+.0123456789eE", *p)) digits[i++] = (char)*p++;
	digits[i] = '\0';
	return atof(digits);
}

static struct message *message_new(const char *text, int len) {
	if (len < 0) return NULL;
	struct message *m = malloc(sizeof(*m) + (size_t)len);
	if (!m) return NULL;
	m->refs = 0; m->len = (size_t)len;
	memcpy(m->data, text, (size_t)len);
	return m;
}

static void message_release(struct message *m) { if (--m->refs <= 0) free(m); }

static void enqueue(struct conn *c, struct message *m) {
	if (c->count == c->capacity) {
		size_t cap = c->capacity ? c->capacity * 2 : 16;
		struct message **q = malloc(cap * sizeof(*q));
		if (!q) return;
		for (size_t i = 0; i < c->count; i++) q[i] = c->queue[(c->head + i) % c->capacity];
		free(c->queue);
		c->queue = q; c->head = 0; c->capacity = cap;
	}
	c->queue[(c->head + c->count) % c->capacity] = m;
	c->count++;
	m->refs++;
	lws_callback_on_writable(c->wsi);
}

static void send_text(struct conn *c, const char *text, int len) {
	struct message *m = message_new(text, len);
	if (m) { enqueue(c, m); if (m->refs == 0) free(m); }
}

static void broadcast(struct room *r, const char *text, int len, struct conn *except) {
	struct message *m = message_new(text, len);
	if (!m) return;
	m->refs = 1;   /* held while queueing */
	for (size_t i = 0; i < r->nconns; i++) if (r->conns[i] != except) enqueue(r->conns[i], m);
	message_release(m);
}

static void welcome(struct conn *c) {
	char text[1024];
	int n = snprintf(text, sizeof(text),
		"{\"protocol\":1,\"room\":{\"code\":\"%s\",\"deckName\":\"floor\",\"matches\":[],\"members\":[],\"myVotes\":{},"
		"\"pacing\":\"lockstep\",\"phase\":\"%s\",\"remaining\":0,\"rule\":{\"kind\":\"majority\"},\"tallies\":[],"
		"\"totalCards\":0,\"visible\":[]},\"serverTime\":%.1f,\"token\":\"t-%s-m%d\",\"type\":\"welcome\",\"you\":\"m%d\"}",
		c->room->code, c->room->voting ? "voting" : "lobby", now_ms(), c->room->code, c->member, c->member);
	send_text(c, text, n);
}

static void enter(struct conn *c, struct room *r) {
	if (r->nconns == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 16;
		r->conns = realloc(r->conns, r->cap * sizeof(*r->conns));
	}
	r->conns[r->nconns++] = c;
	c->room = r;
	c->member = ++r->next_member;
	welcome(c);
}

static void leave(struct conn *c) {
	struct room *r = c->room;
	if (!r) return;
	for (size_t i = 0; i < r->nconns; i++) if (r->conns[i] == c) { r->conns[i] = r->conns[--r->nconns]; break; }
	c->room = NULL;
}

static struct tally *tally_of(struct room *r, const char *card) {
	for (size_t i = r->ntallies; i-- > 0;) if (!strcmp(r->tallies[i].card, card)) return &r->tallies[i];
	if (r->ntallies == r->tcap) {
		r->tcap = r->tcap ? r->tcap * 2 : 64;
		r->tallies = realloc(r->tallies, r->tcap * sizeof(*r->tallies));
	}
	struct tally *t = &r->tallies[r->ntallies++];
	memset(t, 0, sizeof(*t));
	snprintf(t->card, sizeof(t->card), "%s", card);
	return t;
}

static void handle(struct conn *c, const unsigned char *in, size_t len) {
	char type[24], text[512], s1[64], s2[64];
	if (!find_string(in, len, "type", type, sizeof(type))) return;
	if (!strcmp(type, "create")) {
		struct room *r = calloc(1, sizeof(*r));
		if (!r) return;
		snprintf(r->code, sizeof(r->code), "FLR%07d", ++room_counter);
		r->next = rooms; rooms = r;
		enter(c, r);
	} else if (!strcmp(type, "join")) {
		find_string(in, len, "room", s1, sizeof(s1));
		for (struct room *r = rooms; r; r = r->next) if (!strcasecmp(r->code, s1)) { enter(c, r); return; }
		int n = snprintf(text, sizeof(text), "{\"code\":\"unknownRoom\",\"message\":\"join: no room\",\"type\":\"error\"}");
		send_text(c, text, n);
	} else if (!c->room) {
		return;
	} else if (!strcmp(type, "host")) {
		if (find_string(in, len, "command", s1, sizeof(s1)) && !strcmp(s1, "start") && !c->room->voting) {
			c->room->voting = 1;
			int n = snprintf(text, sizeof(text), "{\"phase\":\"voting\",\"type\":\"phase\"}");
			broadcast(c->room, text, n, NULL);
		}
	} else if (!strcmp(type, "swipe")) {
		if (!find_string(in, len, "card", s1, sizeof(s1)) || !find_string(in, len, "direction", s2, sizeof(s2))) return;
		struct tally *t = tally_of(c->room, s1);
		if (!strcmp(s2, "up")) t->super_likes++; else if (strstr(s2, "ight")) t->likes++; else t->nopes++;
		t->voted++;
		int n = snprintf(text, sizeof(text),
			"{\"card\":\"%s\",\"eligible\":%zu,\"likes\":%d,\"nopes\":%d,\"superLikes\":%d,\"type\":\"tally\",\"voted\":%d}",
			t->card, c->room->nconns, t->likes, t->nopes, t->super_likes, t->voted);
		broadcast(c->room, text, n, NULL);
	} else if (!strcmp(type, "drag")) {
		if (!find_string(in, len, "card", s1, sizeof(s1)) || !find_string(in, len, "phase", s2, sizeof(s2))) return;
		int n = snprintf(text, sizeof(text),
			"{\"card\":\"%s\",\"member\":\"m%d\",\"phase\":\"%s\",\"progress\":0,\"rotation\":0,\"serverTime\":%.1f,"
			"\"type\":\"cardState\",\"x\":%g,\"y\":%g}",
			s1, c->member, s2, now_ms(), find_number(in, len, "x"), find_number(in, len, "y"));
		broadcast(c->room, text, n, c);
	} else if (!strcmp(type, "ping")) {
		int n = snprintf(text, sizeof(text), "{\"serverTime\":%.1f,\"t\":%g,\"type\":\"pong\"}", now_ms(), find_number(in, len, "t"));
		send_text(c, text, n);
	}
}

/* Everything queued (up to BATCH_BYTES), framed here as unmasked text frames, in one raw write. */
static int write_batch(struct conn *c) {
	size_t used = 0;
	while (c->count) {
		struct message *m = c->queue[c->head];
		size_t header = m->len < 126 ? 2 : m->len < 65536 ? 4 : 10;
		if (used && used + header + m->len > BATCH_BYTES) break;
		if (header + m->len > BATCH_BYTES) { message_release(m); c->head = (c->head + 1) % c->capacity; c->count--; continue; }
		unsigned char *p = batch + LWS_PRE + used;
		*p++ = 0x81;
		if (header == 2) *p++ = (unsigned char)m->len;
		else if (header == 4) { *p++ = 126; *p++ = (unsigned char)(m->len >> 8); *p++ = (unsigned char)m->len; }
		else { *p++ = 127; for (int i = 7; i >= 0; i--) *p++ = (unsigned char)((uint64_t)m->len >> (8 * i)); }
		memcpy(p, m->data, m->len);
		used += header + m->len;
		message_release(m);
		c->head = (c->head + 1) % c->capacity;
		c->count--;
	}
	if (used && lws_write(c->wsi, batch + LWS_PRE, used, LWS_WRITE_HTTP) < (int)used) return -1;
	if (c->count) lws_callback_on_writable(c->wsi);
	return 0;
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len) {
	struct conn *c = user;
	switch (reason) {
	case LWS_CALLBACK_ESTABLISHED:
		memset(c, 0, sizeof(*c));
		c->wsi = wsi;
		break;
	case LWS_CALLBACK_RECEIVE:
		if (c->rx_len + len > MAX_MESSAGE) return -1;
		if (!c->rx) c->rx = malloc(MAX_MESSAGE);
		if (!c->rx) return -1;
		memcpy(c->rx + c->rx_len, in, len);
		c->rx_len += len;
		if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
			handle(c, c->rx, c->rx_len);
			c->rx_len = 0;
		}
		break;
	case LWS_CALLBACK_SERVER_WRITEABLE:
		return write_batch(c);
	case LWS_CALLBACK_CLOSED:
		leave(c);
		while (c->count) { message_release(c->queue[c->head]); c->head = (c->head + 1) % c->capacity; c->count--; }
		free(c->queue); free(c->rx);
		break;
	default:
		break;
	}
	return 0;
}

static struct lws_protocols protocols[] = {
	{ "swipedeck.v1", callback, sizeof(struct conn), 4096, 0, NULL, 0 },
	{ NULL, NULL, 0, 0, 0, NULL, 0 }
};

/* On the libev loop lws_service runs the loop itself and may never come back to look at a flag:
 * a benchmark floor has nothing to save, so SIGINT/SIGTERM end it at once. */
static void on_signal(int sig) {
	(void)sig;
	interrupted = 1;
	_exit(0);
}

int main(int argc, char **argv) {
	struct lws_context_creation_info info;
	int port = 0, use_poll = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--port") && i + 1 < argc) port = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--poll")) use_poll = 1;
		else if (!strcmp(argv[i], "--host") && i + 1 < argc) i++;   /* always 127.0.0.1 */
		else { fprintf(stderr, "lws-floor: unknown argument %s (use --port N, --poll)\n", argv[i]); return 2; }
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	lws_set_log_level(LLL_ERR | LLL_WARN, NULL);
	memset(&info, 0, sizeof(info));
	info.port = port;
	info.iface = "127.0.0.1";
	info.protocols = protocols;
	info.options = use_poll ? 0 : LWS_SERVER_OPTION_LIBEV;
	info.fd_limit_per_thread = 1 + 20000;
	struct lws_context *context = lws_create_context(&info);
	if (!context && !use_poll) {
		fprintf(stderr, "lws-floor: the libev loop is not available; using poll\n");
		info.options = 0;
		context = lws_create_context(&info);
	}
	if (!context) { fprintf(stderr, "lws-floor: cannot listen on 127.0.0.1:%d\n", port); return 1; }
	struct lws_vhost *vhost = lws_get_vhost_by_name(context, "default");
	printf("lws-floor listening on ws://127.0.0.1:%d/\n", vhost ? lws_get_vhost_listen_port(vhost) : port);
	fflush(stdout);
	while (!interrupted && lws_service(context, 0) >= 0) {}
	lws_context_destroy(context);
	return 0;
}
