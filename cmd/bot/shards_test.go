package main

import (
	"reflect"
	"strings"
	"testing"
)

func TestShardConfig(t *testing.T) {
	for _, c := range []struct {
		text string
		env  map[string]string
		want []int
	}{
		{"", nil, []int{0}},
		{"shard_ids = [0, 1]\nshard_count = 2\n", nil, []int{0, 1}},
		{"shard_id = 1\nshard_count = 2\n", nil, []int{1}},
		{"shard_count = 3\n", map[string]string{"ADEGA_SHARD_IDS": "2, 0"}, []int{2, 0}},
	} {
		cfg, err := LoadConfig(writeConfig(t, c.text), false, func(k string) string { return c.env[k] })
		if err != nil || !reflect.DeepEqual(cfg.ShardIDs, c.want) {
			t.Errorf("%q %v: shard_ids %v (%v), want %v", c.text, c.env, cfg.ShardIDs, err, c.want)
		}
	}
}

func TestBadShardConfigIsRefusedClearly(t *testing.T) {
	for _, c := range []struct {
		text string
		env  map[string]string
		want string
	}{
		{"shard_id = 1\nshard_ids = [1]\nshard_count = 2\n", nil, "shard_id and shard_ids are both set"},
		{"shard_ids = [1]\nshard_count = 2\n", map[string]string{"ADEGA_SHARD_ID": "1"}, "both set"},
		{"shard_ids = [0, 2]\nshard_count = 2\n", nil, "shard 2 of shard_ids [0 2] must be in [0, shard_count 2)"},
		{"shard_ids = [-1]\n", nil, "shard -1 of shard_ids"},
		{"shard_ids = [1, 1]\nshard_count = 2\n", nil, "shard 1 is twice"},
		{"shard_ids = []\n", nil, "shard_ids is empty"},
		{"shard_count = 0\n", nil, "shard_count 0 must be at least 1"},
		{"", map[string]string{"ADEGA_SHARD_IDS": "0;1"}, "not a list of whole numbers"},
	} {
		_, err := LoadConfig(writeConfig(t, c.text), false, func(k string) string { return c.env[k] })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q %v: error %v, want one saying %q", c.text, c.env, err, c.want)
		}
	}
}
