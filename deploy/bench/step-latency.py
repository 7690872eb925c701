#!/usr/bin/env python3
"""How long other requests wait while one state-machine step works (README: State machine bounds).

Starts executions whose first step does heavy work, one at a time, on a running node, while a
poller sends GET /state-machines/{name} one after the other; prints for each start how long it took
(including the database), how many polls were answered meanwhile and the longest one. Steps:
  deep   $..a..a..a..a.zz on 200 nested levels (fails on state-machines.max-step-work)
  hash   a loop hashing a 900 KB text (fails on the work budget)
  map    a Map of 1,000 items of 60 KB each (about 60 MB of events; succeeds)
Usage: step-latency.py --url http://127.0.0.1:8080 --token TOKEN [--runs 3] [deep hash map]
"""
import argparse
import json
import threading
import time
import urllib.error
import urllib.request


def client(url, token):
    headers = {'Authorization': 'Bearer ' + token, 'Content-Type': 'application/json'}

    def request(method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url + '/api/v1' + path, method=method, headers=headers, data=data)
        try:
            with urllib.request.urlopen(req) as response:
                return response.status, json.loads(response.read() or b'null')
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b'null')
    return request


def nested(levels):
    value = {}
    for _ in range(levels):
        value = {'a': value}
    return value


STEPS = {
    'deep': ({'StartAt': 'P', 'States': {'P': {'Type': 'Pass', 'End': True,
                                               'Parameters': {'x.$': '$..a..a..a..a.zz'}}}},
             lambda: nested(200)),
    'hash': ({'StartAt': 'Hash', 'States': {
        'Hash': {'Type': 'Pass', 'Next': 'Again', 'Parameters': {
            'i.$': 'States.MathAdd($.i, 1)',
            'h.$': "States.Hash($$.Execution.Input.text, 'SHA-256')"}},
        'Again': {'Type': 'Choice', 'Default': 'Done', 'Choices': [
            {'Variable': '$.i', 'NumericLessThan': 100000, 'Next': 'Hash'}]},
        'Done': {'Type': 'Succeed'}}},
             lambda: {'i': 0, 'text': 'x' * 900_000}),
    'map': ({'StartAt': 'M', 'States': {'M': {
        'Type': 'Map', 'ItemsPath': '$.items', 'ResultPath': None, 'End': True,
        'ItemSelector': {'text.$': '$.big', 'i.$': '$$.Map.Item.Value'},
        'ItemProcessor': {'StartAt': 'P', 'States': {'P': {'Type': 'Pass', 'Result': 1, 'End': True}}}}}},
            lambda: {'items': list(range(1000)), 'big': 'y' * 60_000}),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--url', required=True)
    parser.add_argument('--token', required=True)
    parser.add_argument('--runs', type=int, default=3)
    parser.add_argument('steps', nargs='*', default=list(STEPS))
    args = parser.parse_args()
    request = client(args.url.rstrip('/'), args.token)
    for name in args.steps:
        definition, make_input = STEPS[name]
        machine = 'StepLatency' + name.capitalize()
        status, body = request('PUT', '/state-machines/' + machine, {'definition': definition})
        if status not in (200, 201):
            raise SystemExit(f'PUT {machine}: {status} {body}')
        for run in range(args.runs):
            done = threading.Event()
            waits = []

            def poll():
                while not done.is_set():
                    started = time.monotonic()
                    request('GET', '/state-machines/' + machine)
                    waits.append(time.monotonic() - started)
            poller = threading.Thread(target=poll)
            poller.start()
            started = time.monotonic()
            status, body = request('POST', f'/state-machines/{machine}/executions', {'input': make_input()})
            took = time.monotonic() - started
            done.set()
            poller.join()
            print(json.dumps({'step': name, 'run': run + 1, 'status': status,
                              'execution': body.get('status') if isinstance(body, dict) else None,
                              'startSeconds': round(took, 3), 'pollsAnswered': len(waits),
                              'longestPollSeconds': round(max(waits), 3) if waits else None}))


if __name__ == '__main__':
    main()
