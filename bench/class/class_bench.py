#!/usr/bin/env python3
"""Fills an LRS with 10,000 statements of a class and times `lessonsim class --json` over them."""
import base64
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid

app, source = sys.argv[1], sys.argv[2]
credentials = "bench:" + uuid.uuid4().hex
work = tempfile.mkdtemp(prefix="lessonsim-class-bench-")
auth = os.path.join(work, "auth")
with open(auth, "w") as f:
    f.write(credentials)
os.chmod(auth, 0o600)

log = open(os.path.join(work, "lrs.out"), "w+")
lrs = subprocess.Popen([os.path.join(source, "scripts", "lrs"), "serve"], stdout=log,
                       stderr=subprocess.STDOUT, start_new_session=True,
                       env=dict(os.environ, LRS_CREDENTIALS=credentials,
                                LRS_LOG_DIR=os.path.join(work, "logs")))
try:
    deadline = time.time() + 120
    url = ""
    while not url:
        log.seek(0)
        for line in log.read().splitlines():
            if line.startswith("lrs http://"):
                url = line.split()[1]
        if time.time() > deadline or lrs.poll() is not None:
            sys.exit("the LRS did not start")
        time.sleep(0.1)

    iri = "https://lessonsim.invalid/activities/course"
    lessons = ["datacenter-split", "training-memory", "interconnect", "watts-and-cooling"]
    rng = random.Random(7)
    statements = []
    clock = 1_800_000_000_000

    def stamp():
        global clock
        clock += 1
        t = time.gmtime(clock // 1000)
        return time.strftime("%Y-%m-%dT%H:%M:%S", t) + ".%03dZ" % (clock % 1000)

    def statement(learner, verb, obj, result=None, definition=None):
        s = {"id": str(uuid.uuid4()),
             "actor": {"objectType": "Agent",
                       "account": {"homePage": "https://school.example", "name": learner}},
             "verb": {"id": "http://adlnet.gov/expapi/verbs/" + verb, "display": {"en-US": verb}},
             "object": {"objectType": "Activity", "id": obj},
             "context": {"registration": str(uuid.uuid4()),
                         "contextActivities": {"grouping": [{"id": iri}]}},
             "timestamp": stamp()}
        if definition:
            s["object"]["definition"] = definition
        if result:
            s["result"] = result
        return s

    for n in range(200):
        learner = f"learner-{n:03d}"
        made = 0
        first = len(statements)
        for lesson in lessons:
            base = f"{iri}/{lesson}"
            statements.append(statement(learner, "initialized", base))
            made += 1
            for q in range(5):
                for attempt in range(2):
                    choice = rng.randrange(4)
                    statements.append(statement(
                        learner, "answered", f"{base}/q{q}",
                        {"success": choice == 2, "response": str(choice)},
                        {"type": "http://adlnet.gov/expapi/activities/cmi.interaction",
                         "interactionType": "choice", "correctResponsesPattern": ["2"],
                         "choices": [{"id": str(c), "description": {"en": f"choice {c}"}}
                                     for c in range(4)]}))
                    made += 1
            for step in range(1):
                statements.append(statement(
                    learner, "completed", f"{base}/drive{step}",
                    {"success": True, "extensions": {
                        "https://lessonsim.invalid/activities/extensions/actions": rng.randrange(3, 12),
                        "https://lessonsim.invalid/activities/extensions/feedback":
                            {"overflow": rng.randrange(4), "idle": rng.randrange(3)}}}))
                made += 1
            if lesson != lessons[-1]:
                statements.append(statement(learner, "completed", base, {"completion": True}))
                made += 1
        del statements[first + 50:]  # 50 each: the last lesson's end is not reached

    token = "Basic " + base64.b64encode(credentials.encode()).decode()
    for k in range(0, len(statements), 500):
        request = urllib.request.Request(
            url + "statements", data=json.dumps(statements[k:k + 500]).encode(),
            headers={"Authorization": token, "X-Experience-API-Version": "1.0.3",
                     "Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=120).read()

    env = dict(os.environ, LESSONSIM_LRS_AUTH_FILE=auth)
    import resource
    times, cpu = [], []
    for _ in range(5):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        run = subprocess.run([app, "class", "--lrs", url, "--json",
                              "--course", os.path.join(source, "lessons")],
                             capture_output=True, text=True, env=env, check=True)
        times.append(time.monotonic() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    report = json.loads(run.stdout)
    assert report["statements"] == 10_000, report["statements"]
    assert len(report["learners"]) == 200
    median = statistics.median(times)
    print(f"| `lessonsim class --json` over {report['statements']:,} statements "
          f"(200 learners, an LRS on 127.0.0.1), median of 5 | **{median:.2f} s** "
          f"(fastest {min(times):.2f} s; lessonsim's own CPU {statistics.median(cpu):.2f} s, "
          f"the rest the LRS answering) | ≤ 2 s |")
    sys.exit(0 if median <= 2.0 else 1)
finally:
    os.killpg(lrs.pid, signal.SIGTERM)
    lrs.wait()
