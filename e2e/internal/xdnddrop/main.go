//go:build linux && cgo

// Command xdnddrop drops files on an X11 window as a file manager does,
// by the XDND protocol (freedesktop.org's "Drag-and-Drop Protocol for the
// X Window System", version 5): it owns the XdndSelection, sends
// XdndEnter, XdndPosition over the window's centre, XdndDrop once the
// window accepts, serves the files as text/uri-list when the window asks,
// and ends at XdndFinished. The live tests drop files on hp17b's window
// with it (xdotool has no drag and drop).
//
// Usage: xdnddrop [-wait SECONDS] WINDOW-ID FILE...
//
// -wait is how long the window may take over the drop (30 s by default).
package main

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void sendClient(Display *d, Window to, Atom type, long l0, long l1, long l2, long l3, long l4) {
	XEvent e;
	memset(&e, 0, sizeof e);
	e.xclient.type = ClientMessage;
	e.xclient.display = d;
	e.xclient.window = to;
	e.xclient.message_type = type;
	e.xclient.format = 32;
	e.xclient.data.l[0] = l0;
	e.xclient.data.l[1] = l1;
	e.xclient.data.l[2] = l2;
	e.xclient.data.l[3] = l3;
	e.xclient.data.l[4] = l4;
	XSendEvent(d, to, False, NoEventMask, &e);
	XFlush(d);
}

// drop runs the protocol; it returns 0 when the window took the drop,
// else a step's number.
static int drop(unsigned long target, const char *uris, int seconds) {
	Display *d = XOpenDisplay(NULL);
	if (!d) return 1;
	Window root = DefaultRootWindow(d);
	Window src = XCreateSimpleWindow(d, root, 0, 0, 1, 1, 0, 0, 0);
	Atom aware = XInternAtom(d, "XdndAware", False);
	Atom sel = XInternAtom(d, "XdndSelection", False);
	Atom enter = XInternAtom(d, "XdndEnter", False);
	Atom pos = XInternAtom(d, "XdndPosition", False);
	Atom status = XInternAtom(d, "XdndStatus", False);
	Atom dropA = XInternAtom(d, "XdndDrop", False);
	Atom finished = XInternAtom(d, "XdndFinished", False);
	Atom copy = XInternAtom(d, "XdndActionCopy", False);
	Atom uriList = XInternAtom(d, "text/uri-list", False);
	Atom type; int format; unsigned long n, after; unsigned char *prop = NULL;
	if (XGetWindowProperty(d, target, aware, 0, 1, False, AnyPropertyType, &type, &format, &n, &after, &prop) != Success || n == 0) {
		return 2; // the window takes no drops
	}
	long version = prop[0];
	XFree(prop);
	if (version > 5) version = 5;
	XWindowAttributes wa;
	XGetWindowAttributes(d, target, &wa);
	int x, y; Window child;
	XTranslateCoordinates(d, target, root, wa.width / 2, wa.height / 2, &x, &y, &child);
	XSetSelectionOwner(d, sel, src, CurrentTime);
	XSelectInput(d, src, PropertyChangeMask);
	sendClient(d, target, enter, (long)src, version << 24, (long)uriList, 0, 0);
	sendClient(d, target, pos, (long)src, 0, ((long)x << 16) | (long)y, CurrentTime, (long)copy);
	Atom nudge = XInternAtom(d, "HP17B_XDNDDROP_NUDGE", False);
	int dropped = 0, served = 0;
	for (int ticks = 0; ticks < seconds * 100; ) {
		if (!XPending(d)) {
			struct timespec ts = {0, 10000000};
			nanosleep(&ts, NULL);
			ticks++;
			if (dropped && !served && ticks % 30 == 0) {
				// The window's request for the files can stay in its
				// Xlib buffer until its next event (Ebitengine v2.10's
				// X11 loop does not flush after XConvertSelection); a
				// person's pointer moving on makes that event, here a
				// client message the window ignores does.
				sendClient(d, target, nudge, 0, 0, 0, 0, 0);
			}
			continue;
		}
		XEvent e;
		XNextEvent(d, &e);
		if (e.type == ClientMessage && e.xclient.message_type == status && !dropped) {
			if (!(e.xclient.data.l[1] & 1)) return 3; // refused
			sendClient(d, target, dropA, (long)src, 0, CurrentTime, 0, 0);
			dropped = 1;
		} else if (e.type == SelectionRequest) {
			XSelectionRequestEvent *r = &e.xselectionrequest;
			XEvent reply;
			memset(&reply, 0, sizeof reply);
			reply.xselection.type = SelectionNotify;
			reply.xselection.display = d;
			reply.xselection.requestor = r->requestor;
			reply.xselection.selection = r->selection;
			reply.xselection.target = r->target;
			reply.xselection.time = r->time;
			reply.xselection.property = None;
			if (r->target == uriList) {
				Atom p = r->property != None ? r->property : r->target;
				XChangeProperty(d, r->requestor, p, uriList, 8, PropModeReplace, (const unsigned char *)uris, strlen(uris));
				reply.xselection.property = p;
			}
			XSendEvent(d, r->requestor, False, NoEventMask, &reply);
			XFlush(d);
			served = 1;
		} else if (e.type == ClientMessage && e.xclient.message_type == finished) {
			XCloseDisplay(d);
			return 0;
		}
	}
	return served ? 6 : dropped ? 5 : 4; // no XdndFinished, no request for the files, or no XdndStatus
}
*/
import "C"

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unsafe"
)

func main() {
	wait := flag.Int("wait", 30, "the longest the window may take over the drop, in seconds")
	flag.Parse()
	if flag.NArg() < 2 || *wait < 1 {
		fmt.Fprintln(os.Stderr, "usage: xdnddrop [-wait SECONDS] WINDOW-ID FILE...")
		os.Exit(2)
	}
	win, err := strconv.ParseUint(flag.Arg(0), 0, 64)
	if err != nil {
		fmt.Fprintf(os.Stderr, "xdnddrop: window %q: %v\n", flag.Arg(0), err)
		os.Exit(2)
	}
	var uris strings.Builder
	for _, f := range flag.Args()[1:] {
		abs, err := filepath.Abs(f)
		if err != nil {
			fmt.Fprintf(os.Stderr, "xdnddrop: %v\n", err)
			os.Exit(2)
		}
		uris.WriteString((&url.URL{Scheme: "file", Path: abs}).String() + "\r\n")
	}
	cs := C.CString(uris.String())
	defer C.free(unsafe.Pointer(cs))
	steps := map[C.int]string{1: "no X display", 2: "the window takes no drops (no XdndAware)", 3: "the window refused the drop",
		4: "the window never answered XdndPosition", 5: "the window never asked for the files dropped",
		6: "the window never finished the drop"}
	if rc := C.drop(C.ulong(win), cs, C.int(*wait)); rc != 0 {
		fmt.Fprintf(os.Stderr, "xdnddrop: %s\n", steps[rc])
		os.Exit(1)
	}
}
