#!/usr/bin/env python3
"""bench/serve/pollers.py PORT COMPETITION_ID [POLLERS] [PERIOD_S]

Stands in for browsers watching `ringmaster serve`: POLLERS (default 20) clients, each on its
own keep-alive connection as a browser is, fetch every PERIOD_S (default 2) seconds the
competition page's live part and the index's live part, sending back the ETag they were given
(If-None-Match), as /live.js does. Runs until SIGTERM or SIGINT, then prints one line: the
requests made, how many were answered 200, 304 and otherwise, and the median and maximum time
a request took.
"""
import http.client
import signal
import statistics
import sys
import threading
import time


def main():
    port = int(sys.argv[1])
    competition = sys.argv[2]
    pollers = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    period = float(sys.argv[4]) if len(sys.argv) > 4 else 2.0
    targets = [f"/competition/{competition}/fragment.html", "/fragment/index.html"]
    stop = threading.Event()
    lock = threading.Lock()
    statuses = {}
    times = []

    def poll(index):
        etags = {}
        connection = None
        # Spread the clients over the period, as browsers opened at different moments are.
        stop.wait(period * index / pollers)
        while not stop.is_set():
            start = time.monotonic()
            for target in targets:
                headers = {"If-None-Match": etags[target]} if target in etags else {}
                began = time.monotonic()
                try:
                    if connection is None:
                        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    connection.request("GET", target, headers=headers)
                    reply = connection.getresponse()
                    reply.read()
                    status = reply.status
                    if reply.getheader("ETag"):
                        etags[target] = reply.getheader("ETag")
                    if reply.getheader("Connection", "").lower() == "close":
                        connection.close()
                        connection = None
                except (OSError, http.client.HTTPException):
                    status = "failed"
                    if connection is not None:
                        connection.close()
                    connection = None
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1
                    times.append(time.monotonic() - began)
            stop.wait(max(0.0, period - (time.monotonic() - start)))
        if connection is not None:
            connection.close()

    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    threads = [threading.Thread(target=poll, args=(i,)) for i in range(pollers)]
    for t in threads:
        t.start()
    while not stop.is_set():
        stop.wait(0.5)
    for t in threads:
        t.join()
    total = sum(statuses.values())
    others = total - statuses.get(200, 0) - statuses.get(304, 0)
    median = statistics.median(times) * 1000 if times else 0
    longest = max(times) * 1000 if times else 0
    print(f"{pollers} pollers: {total} requests, {statuses.get(200, 0)} answered 200, "
          f"{statuses.get(304, 0)} 304, {others} otherwise; "
          f"a request took {median:.1f} ms (median), {longest:.0f} ms at most")


if __name__ == "__main__":
    main()
